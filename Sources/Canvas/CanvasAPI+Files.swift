import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// The course's folders and files the user may see, every page of both lists.
    ///
    /// Two listings fetched together: `GET /api/v1/courses/:id/folders` and `…/files`, a hundred
    /// to a page. Folders Canvas marks `hidden_for_user`, the folders inside them, and every
    /// file in those or itself hidden are left out: a user who can't open them would only see
    /// downloads fail. Rows that can't be read are skipped, not the whole list.
    func files(_ id: CourseID) async throws -> CourseFiles {
        let resource = CanvasResource.courseFiles(id)
        async let folderRows = all(CanvasListRow<CanvasFolder>.self, from: foldersURL(id), resource: resource)
        async let fileRows = all(CanvasListRow<CanvasFile>.self, from: filesURL(id), resource: resource)
        do {
            let (folders, files) = try await (folderRows.compactMap(\.element), fileRows.compactMap(\.element))
            let hidden = Self.hiddenFolders(folders)
            return CourseFiles(
                folders: folders.filter { !hidden.contains($0.id.text) }.map(\.folder),
                files: files.filter { file in
                    !file.isHiddenForUser && !(file.folder_id.map { hidden.contains($0.text) } ?? false)
                }.map(\.file)
            )
        } catch let error as CanvasError {
            throw Self.filesError(error, course: id)
        }
    }

    /// One file of the course as Canvas describes it now, with a fresh download address.
    ///
    /// `GET /api/v1/courses/:course_id/files/:id` rather than `/api/v1/files/:id`: both are the
    /// same documented endpoint (files_controller's `api_show`) and both let a student read a file
    /// of their course, but the course's one looks the file up among that course's files only, so
    /// an ID that no longer belongs to the course answers 404 instead of another context's file.
    func file(course: CourseID, id fileID: String) async throws -> CourseFile {
        do {
            let (file, _) = try await get(CanvasFile.self, from: fileURL(course: course, id: fileID), resource: .courseFiles(course))
            return file.file
        } catch CanvasError.notFound(.courseFiles(course)) {
            throw FileNotFound(id: fileID)
        } catch let error as CanvasError {
            throw Self.filesError(error, course: course)
        }
    }

    /// The first page of a course's folders.
    func foldersURL(_ id: CourseID) -> URL {
        url("/api/v1/courses/\(Self.pathSegment(id))/folders", query: [("per_page", "100")])
    }

    /// The first page of a course's files.
    func filesURL(_ id: CourseID) -> URL {
        url("/api/v1/courses/\(Self.pathSegment(id))/files", query: [("per_page", "100")])
    }

    /// One file of a course, looked up among that course's files only.
    func fileURL(course: CourseID, id fileID: String) -> URL {
        url("/api/v1/courses/\(Self.pathSegment(course))/files/\(Self.pathSegment(fileID))")
    }

    /// A refusal of the course's Files said as such: `.courseFiles`' own words are about adding files.
    ///
    /// Canvas answers a student 401 "unauthorized" (or 404 on some versions) where the teacher
    /// hid Files; the course itself was already open to them, so "no course" would mislead.
    static func filesError(_ error: CanvasError, course: CourseID) -> any Error {
        switch error {
        case .notPermitted(.courseFiles(course)), .notFound(.courseFiles(course)):
            return CourseFilesClosed(course: course)
        default:
            return error
        }
    }

    /// The IDs of folders hidden from the user and of every folder inside one.
    static func hiddenFolders(_ folders: [CanvasFolder]) -> Set<String> {
        let parents = Dictionary(folders.map { ($0.id.text, $0.parent_folder_id?.text) }, uniquingKeysWith: { first, _ in first })
        let marked = Set(folders.filter(\.isHiddenForUser).map(\.id.text))
        return Set(folders.map(\.id.text).filter { id in
            var current: String? = id
            var seen: Set<String> = []
            // A parent chain that loops ends at the first folder seen twice.
            while let folder = current, seen.insert(folder).inserted {
                if marked.contains(folder) { return true }
                current = parents[folder] ?? nil
            }
            return false
        })
    }
}
