import Testing
@testable import HTMLText

/// Embedded players and documents (`iframe`, `video`, `audio`, `object`, `embed`) show as a line with
/// their title and address instead of vanishing.
@Suite struct HTMLTextEmbedTests {
    private func texts(_ html: String) -> [String] { HTMLText.blocks(from: html).map(\.text) }

    // MARK: iframes

    @Test func canvasMediaIframeShowsItsTitleAndAddress() {
        // As Canvas's editor writes a recording into a syllabus, and the API returns it.
        let html = """
            <p>This is a link to a video</p>
            <p>
            <iframe style="width: 400px; height: 225px; display: inline-block;" title="Video player for demo.mp4" \
            data-media-type="video" src="https://school.instructure.com/media_objects_iframe/m-abc123?type=video" \
            allowfullscreen="allowfullscreen" allow="fullscreen" data-media-id="m-abc123" loading="lazy"></iframe>
            </p>
            <p>Complete</p>
            """
        #expect(HTMLText.blocks(from: html) == [
            TextBlock(kind: .paragraph, text: "This is a link to a video"),
            TextBlock(kind: .paragraph, text: "[Video player for demo.mp4] https://school.instructure.com/media_objects_iframe/m-abc123?type=video"),
            TextBlock(kind: .paragraph, text: "Complete"),
        ])
    }

    @Test func youTubeAndGoogleDocIframes() {
        let html = """
            <iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player" \
            frameborder="0" allow="accelerometer; autoplay; clipboard-write" allowfullscreen></iframe>
            <iframe src="https://docs.google.com/document/d/e/2PACX-1v/pub?embedded=true" aria-label="Reading list"></iframe>
            """
        #expect(texts(html) == [
            "[YouTube video player] https://www.youtube.com/embed/dQw4w9WgXcQ",
            "[Reading list] https://docs.google.com/document/d/e/2PACX-1v/pub?embedded=true",
        ])
    }

    @Test(arguments: [
        ("<iframe src=\"u\"></iframe>", "[Embedded content] u"),
        ("<iframe title=\"  \" aria-label=\"Quiz\" src=\"u\"></iframe>", "[Quiz] u"),
        ("<iframe data-media-type=\"audio\" src=\"/media_objects_iframe/m-9?type=audio\"></iframe>",
         "[Embedded audio] /media_objects_iframe/m-9?type=audio"),
        ("<iframe data-media-type=\"video\" src=\"/media_objects_iframe/m-1?type=video\"></iframe>",
         "[Embedded video] /media_objects_iframe/m-1?type=video"),
        ("<embed type=\"video/mp4\" src=\"clip.mp4\">", "[Embedded video] clip.mp4"),
    ])
    func missingTitleFallsBackToWhatItPlays(html: String, expected: String) {
        #expect(texts(html) == [expected])
    }

    @Test func iframeContentIsNeverShown() {
        #expect(texts("<iframe src=\"u\" title=\"T\"><p>Your browser does not support iframes.</p></iframe><p>After</p>")
            == ["[T] u", "After"])
        #expect(texts("<embed src=\"a.swf\" title=\"Game\"><noembed>No plug-in</noembed>") == ["[Game] a.swf"])
    }

    @Test func embedTakesALineOfItsOwnWithinItsBlock() {
        #expect(texts("<p>Watch <iframe title=\"Talk\" src=\"u\"></iframe> then answer.</p>") == ["Watch", "[Talk] u", "then answer."])
        #expect(HTMLText.blocks(from: "<ul><li>Week 1 <iframe title=\"Intro\" src=\"u\"></iframe></li><li>Week 2</li></ul>") == [
            TextBlock(kind: .listItem(marker: "•", depth: 0), text: "Week 1\n[Intro] u"),
            TextBlock(kind: .listItem(marker: "•", depth: 0), text: "Week 2"),
        ])
        #expect(texts("<table><tr><td>Intro</td><td><iframe title=\"Talk\" src=\"u\"></iframe></td></tr></table>") == ["Intro | [Talk] u"])
    }

    // MARK: video, audio, object

    @Test func videoTakesItsFirstSourceAndHidesItsFallbackText() {
        let html = """
            <video controls width="640" title="Lecture 1">
              <source src="https://cdn.example.edu/lecture1.webm" type="video/webm">
              <source src="https://cdn.example.edu/lecture1.mp4" type="video/mp4">
              <track src="captions.vtt" kind="captions">
              Your browser does not support the video tag.
            </video><p>After</p>
            """
        #expect(texts(html) == ["[Lecture 1] https://cdn.example.edu/lecture1.webm", "After"])
    }

    @Test func audioWithItsOwnSource() {
        #expect(texts("<audio controls src=\"https://x.y/a.mp3\">Audio is not supported.</audio>") == ["[Embedded audio] https://x.y/a.mp3"])
    }

    @Test func fallbackDownloadLinkIsTheAddressWhenThereIsNoSource() {
        #expect(texts("<video>Download <a href=\"https://x.y/v.mp4\">the video</a>.</video>") == ["[Embedded video] https://x.y/v.mp4"])
        #expect(texts("<video src=\"main.mp4\"><a href=\"other.mp4\">x</a></video>") == ["[Embedded video] main.mp4"])
    }

    @Test func objectShowsOneLineWhateverItsFallbackHolds() {
        let pdf = """
            <object data="https://x.y/syllabus.pdf" type="application/pdf" width="100%" height="600">
            <embed src="https://x.y/syllabus.pdf"><p>Download the <a href="https://x.y/syllabus.pdf">PDF</a>.</p>
            </object>
            """
        let flash = """
            <object width="425"><param name="Movie" value="https://www.youtube.com/v/abc"><param name="wmode" value="w">
            <embed src="https://www.youtube.com/v/abc" type="application/x-shockwave-flash"></object>
            """
        #expect(texts(pdf) == ["[Embedded content] https://x.y/syllabus.pdf"])
        #expect(texts(flash) == ["[Embedded content] https://www.youtube.com/v/abc"])
        #expect(texts("<object data=\"a\"><object data=\"b\">inner</object>outer</object><p>After</p>") == ["[Embedded content] a", "After"])
    }

    @Test func unclosedMediaEndsWithTheElementAroundItOrTheInput() {
        #expect(texts("<div><video src=\"v.mp4\">fallback</div><p>After</p>") == ["[Embedded video] v.mp4", "After"])
        #expect(texts("<p>Intro</p><video src=\"v.mp4\">fallback") == ["Intro", "[Embedded video] v.mp4"])
        #expect(texts("<video src=\"v.mp4\"/><p>After</p>") == ["[Embedded video] v.mp4", "After"])
        #expect(texts("</video><source src=\"s\"><param value=\"p\">Text") == ["Text"])
    }

    // MARK: Hostile attributes

    @Test(arguments: [
        "<iframe src=\"javascript:alert(1)\" title=\"Quiz\"></iframe>",
        "<iframe src=\"about:blank\" title=\"Quiz\"></iframe>",
        "<iframe src=\"DATA:text/html;base64,PHA+\" title=\"Quiz\"></iframe>",
        "<iframe src=\"#top\" title=\"Quiz\"></iframe>",
    ])
    func addressesThatLeadNowhereAreLeftOut(html: String) {
        #expect(texts(html) == ["[Quiz]"])
    }

    @Test func controlCharactersInTitlesAndAddressesNeverReachTheTerminal() {
        let html = "<iframe title=\"Evil\u{1B}]0;pwned\" src=\"https://x\u{1B}[31m.y/\u{07}e\"></iframe><p>After</p>"
        #expect(texts(html) == ["[Evil] https://x.y/e", "After"])
    }

    @Test func unterminatedSequenceInAnAltTextEndsWithIt() {
        #expect(texts("<p><img alt=\"map\u{1B}]0;\"> after</p>") == ["[image: map] after"])
    }

    @Test func titleHoldingMarkupFallsBackToThePlaceholder() {
        #expect(texts("<iframe title=\"<p>oops\" src=\"u\"></iframe>") == ["[Embedded content] u"])
    }
}
