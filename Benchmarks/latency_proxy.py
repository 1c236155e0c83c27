#!/usr/bin/env python3
"""A TCP proxy on loopback that adds a fixed delay, as a link with a round trip of RTT would.

    latency_proxy.py --target HOST:PORT --rtt-ms 100 [--port 0]

Prints `PORT n` once it listens. Every byte is held RTT/2 in each direction, the order kept
and the throughput not capped; a new connection waits one RTT before its first bytes go on,
as a TCP handshake over such a link would. Exits on SIGTERM or when stdin closes.
"""
import argparse
import asyncio
import signal
import sys


class Link:
    """The proxy's delays: `one_way` on every chunk, `handshake` before a connection's first."""

    def __init__(self, target_host: str, target_port: int, rtt: float):
        self.target = (target_host, target_port)
        self.one_way = rtt / 2
        self.handshake = rtt

    async def serve(self, client_reader, client_writer):
        loop = asyncio.get_running_loop()
        opened = loop.time()
        try:
            server_reader, server_writer = await asyncio.open_connection(*self.target)
        except OSError:
            client_writer.close()
            return
        # The client's first bytes leave once the handshake's round trip is over.
        start = opened + self.handshake
        await asyncio.gather(
            self.relay(client_reader, server_writer, start),
            self.relay(server_reader, client_writer, 0.0),
            return_exceptions=True,
        )

    async def relay(self, reader, writer, not_before: float):
        """Copies reader to writer, each chunk delivered `one_way` after it was read."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver():
            while True:
                due, data = await queue.get()
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if data is None:
                    break
                writer.write(data)
                await writer.drain()
            try:
                writer.write_eof()
            except (OSError, RuntimeError):
                pass

        sender = asyncio.ensure_future(deliver())
        try:
            while True:
                data = await reader.read(65536)
                due = max(loop.time(), not_before) + self.one_way
                queue.put_nowait((due, data or None))
                if not data:
                    break
            await sender
        except (OSError, ConnectionError):
            sender.cancel()
        finally:
            if not sender.done():
                sender.cancel()


async def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True, help="HOST:PORT to relay to")
    parser.add_argument("--rtt-ms", type=float, default=100.0)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    host, _, port = args.target.rpartition(":")
    link = Link(host or "127.0.0.1", int(port), args.rtt_ms / 1000)
    server = await asyncio.start_server(link.serve, "127.0.0.1", args.port)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGINT, stop.set)
    loop.add_reader(sys.stdin.fileno(), lambda: stop.set() if not sys.stdin.buffer.read1(4096) else None)
    async with server:
        await stop.wait()


if __name__ == "__main__":
    asyncio.run(main())
