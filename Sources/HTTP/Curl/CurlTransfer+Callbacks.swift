import CCurl
import FoundationEssentials
import TextBasics

/// The C functions libcurl calls during a transfer; each finds its `CurlTransfer` in the context pointer.
enum CurlCallbacks {
    static func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
        context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Collects the body, and stops the transfer (by taking nothing) once it passes the cap.
    ///
    /// A download's body goes to its file instead, once the first piece shows where it belongs.
    static let write: cb_data_callback = { buffer, size, count, context in
        guard let transfer = transfer(context), let buffer else { return 0 }
        let length = size * count
        if let sink = transfer.sink {
            if sink.isUndecided {
                var status = 0
                if let handle = transfer.handle {
                    cb_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
                }
                guard sink.decide(status: status, contentRange: transfer.responseHeader("content-range"), host: transfer.host) else { return 0 }
            }
            if sink.takesBody {
                return sink.write(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
            }
        }
        guard Int64(transfer.responseBody.count + length) <= transfer.maxBodyBytes else {
            transfer.bodyTooLarge = true
            return 0
        }
        buffer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            transfer.responseBody.append(bytes, count: length)
        }
        return length
    }

    /// Collects header lines; a new status line (after a `100 Continue`) starts over.
    static let header: cb_data_callback = { buffer, size, count, context in
        guard let transfer = transfer(context), let buffer else { return 0 }
        let length = size * count
        let line = buffer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
        if line.hasPrefix("HTTP/") {
            transfer.responseHeaders = []
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimming(.whitespaces)
            let value = line[line.index(after: colon)...].trimming(.whitespacesAndNewlines)
            transfer.responseHeaders.append((name, value))
        }
        return length
    }

    /// Feeds the request body from memory and files.
    static let read: cb_data_callback = { buffer, size, count, context in
        guard let transfer = transfer(context), let buffer else { return cb_read_abort() }
        let raw = UnsafeMutableRawBufferPointer(start: buffer, count: size * count)
        guard let read = transfer.reader?.read(into: raw) else { return cb_read_abort() }
        return read
    }

    /// Rewinds the body when libcurl must send it again.
    static let seek: cb_seek_callback = { context, offset, origin in
        guard let transfer = transfer(context), origin == SEEK_SET, transfer.reader?.seek(to: Int64(offset)) == true else {
            return cb_seek_cant_seek()
        }
        return cb_seek_ok()
    }

    /// Reports bytes sent (a download's file length), and aborts a cancelled transfer at once.
    static let progress: cb_progress_callback = { context, _, _, _, uploaded in
        guard let transfer = transfer(context) else { return 1 }
        if transfer.isCancelled { return 1 }
        transfer.sink?.tick()
        if uploaded > 0 {
            transfer.progress?(Int64(uploaded))
        }
        return 0
    }
}
