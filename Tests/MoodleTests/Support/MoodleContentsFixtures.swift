import Foundation

/// `core_course_get_contents` answers in Moodle 4.5's shape (research/2-courses-contents.md §6,
/// research/4-forum-calendar-files.md §7).
enum ContentsFixtures {
    static let site = "https://learn.example.edu"

    /// One file of a module's `contents`.
    static func file(
        _ name: String, path: String = "/", size: Int, context: Int, component: String = "mod_resource", modified: Int = 1_756_900_000,
        mime: String = "application/pdf", sortorder: Int = 0
    ) -> String {
        let encodedPath = path.split(separator: "/").map { "\($0)/" }.joined()
        let encodedName = name.replacing(" ", with: "%20")
        return #"""
        {"type":"file","filename":"\#(name)","filepath":"\#(path)","filesize":\#(size),
         "fileurl":"\#(site)/webservice/pluginfile.php/\#(context)/\#(component)/content/1/\#(encodedPath)\#(encodedName)?forcedownload=1",
         "timecreated":1756800000,"timemodified":\#(modified),"sortorder":\#(sortorder),"mimetype":"\#(mime)","isexternalfile":false,
         "userid":2,"author":"Admin User","license":"unknown"}
        """#
    }

    /// A module; `completion` 0 leaves `completiondata` out, as Moodle does.
    static func module(
        id: Int, name: String, modname: String, instance: Int, visible: Bool = true, availability: String? = nil,
        completion: Int = 0, state: Int = 0, contents: [String]? = nil, hasURL: Bool = true
    ) -> String {
        let url = hasURL ? #""url":"\#(site)/mod/\#(modname)/view.php?id=\#(id)","# : ""
        let info = availability.map { #""availabilityinfo":"\#($0)","# } ?? ""
        let data = completion == 0 ? "" : #"""
        "completiondata":{"state":\#(state),"timecompleted":\#(state == 0 ? 0 : 1_757_000_000),"overrideby":null,"valueused":false,
         "hascompletion":true,"isautomatic":\#(completion == 2),"istrackeduser":true,"uservisible":true,"details":[],"isoverallcomplete":\#(state == 1 || state == 2)},
        """#
        let files = contents.map { list in
            #""contents":[\#(list.joined(separator: ","))],"contentsinfo":{"filescount":\#(list.count),"filessize":1,"lastmodified":1756900000,"mimetypes":["application/pdf"],"repositorytype":""},"#
        } ?? ""
        return #"""
        {"id":\#(id),\#(url)"name":"\#(name)","instance":\#(instance),"contextid":\#(60 + id),"visible":1,"uservisible":\#(visible),
         \#(info)"visibleoncoursepage":1,"modicon":"\#(site)/theme/image.php/boost/\#(modname)/1/monologo","modname":"\#(modname)",
         "purpose":"content","branded":false,"modplural":"Things","indent":0,"onclick":"","afterlink":null,"customdata":"\"\"",
         "noviewlink":\#(!hasURL),"completion":\#(completion),\#(data)"downloadcontent":1,\#(files)"dates":[],"groupmode":0}
        """#
    }

    static func section(id: Int, number: Int, name: String, visible: Bool = true, availability: String? = nil, modules: [String]) -> String {
        let info = availability.map { #""availabilityinfo":"\#($0)","# } ?? ""
        return #"""
        {"id":\#(id),"name":"\#(name)","visible":1,"summary":"","summaryformat":1,"section":\#(number),"hiddenbynumsections":0,
         "uservisible":\#(visible),\#(info)"component":null,"itemid":null,"modules":[\#(modules.joined(separator: ","))]}
        """#
    }

    static let restriction = #"<div class=\"availabilityinfo \"><span>Not available unless: The activity <strong>Quiz 1</strong> is marked complete</span></div>"#
    static let notYet = #"Available from <strong>20 October 2025, 8:00 AM</strong>"#

    /// Course 5: an announcements forum, a week of everything, a restricted section, and a week of files.
    static let course = "[" + [
        section(id: 11, number: 0, name: "General", modules: [
            module(id: 41, name: "Announcements", modname: "forum", instance: 3),
        ]),
        section(id: 12, number: 1, name: "Week 1 &amp; intro", modules: [
            module(id: 42, name: "Notes &amp; slides", modname: "resource", instance: 7, completion: 1, state: 0, contents: [
                file("notes.pdf", size: 12345, context: 103, modified: 1_756_900_000, sortorder: 1),
            ]),
            module(id: 45, name: "Lecture 1", modname: "resource", instance: 8, contents: [
                file("lecture 1.pdf", size: 2_000_000, context: 106, sortorder: 1),
                file("extra.zip", size: 512, context: 106, mime: "application/zip"),
            ]),
            module(id: 43, name: "Lab code", modname: "folder", instance: 2, contents: [
                file("README.md", size: 120, context: 104, component: "mod_folder", mime: "text/markdown"),
                file("main.swift", path: "/code/", size: 300, context: 104, component: "mod_folder", modified: 1_757_000_000, mime: "text/x-swift"),
                file("util.swift", path: "/code/lib/", size: 200, context: 104, component: "mod_folder", mime: "text/x-swift"),
            ]),
            module(id: 101, name: "Essay &amp; reflection", modname: "assign", instance: 11, completion: 2, state: 1),
            module(id: 46, name: "Course website", modname: "url", instance: 4, completion: 2, state: 0, contents: [
                #"{"type":"url","filename":"Course website","filepath":null,"filesize":0,"fileurl":"https://example.org/?a=1&b=2","timecreated":null,"timemodified":1756800000,"sortorder":null,"userid":null,"author":null,"license":null}"#,
            ]),
            module(id: 47, name: "Read the notes before class", modname: "label", instance: 5, hasURL: false),
            module(id: 48, name: "Quiz 1", modname: "quiz", instance: 6, visible: false, availability: notYet, completion: 2, state: 3),
            module(id: 49, name: "Reading list", modname: "page", instance: 9, contents: [
                #"{"type":"file","filename":"index.html","filepath":"/","filesize":0,"fileurl":"\#(site)/webservice/pluginfile.php/110/mod_page/content/index.html?forcedownload=1","timecreated":null,"timemodified":1756800000,"sortorder":1,"userid":null,"author":null,"license":null}"#,
            ]),
        ]),
        section(id: 13, number: 2, name: "", visible: false, availability: restriction, modules: []),
        section(id: 14, number: 3, name: "Week 2/3 &amp; review", modules: [
            module(id: 50, name: "Drag &amp; drop", modname: "h5pactivity", instance: 1, completion: 2, state: 2),
            module(id: 51, name: "Handout", modname: "resource", instance: 10, contents: [
                file("handout.pdf", size: 4096, context: 112, sortorder: 1),
            ]),
        ]),
    ].joined(separator: ",") + "]"

    /// What `options[0][name]=cmid` answers for module 43: every section, only that module in its own.
    static let labCodeOnly = "[" + [
        section(id: 11, number: 0, name: "General", modules: []),
        section(id: 12, number: 1, name: "Week 1 &amp; intro", modules: [
            module(id: 43, name: "Lab code", modname: "folder", instance: 2, contents: [
                file("README.md", size: 120, context: 104, component: "mod_folder", mime: "text/markdown"),
                file("main.swift", path: "/code/", size: 300, context: 104, component: "mod_folder", modified: 1_757_000_000, mime: "text/x-swift"),
                file("util.swift", path: "/code/lib/", size: 200, context: 104, component: "mod_folder", mime: "text/x-swift"),
            ]),
        ]),
        section(id: 13, number: 2, name: "", visible: false, availability: restriction, modules: []),
        section(id: 14, number: 3, name: "Week 2/3 &amp; review", modules: []),
    ].joined(separator: ",") + "]"
}
