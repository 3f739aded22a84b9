import TeletypeHTML
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// For any split of a text into deltas, the HTML of the streamed document after the last delta is the
/// one-shot HTML, byte for byte.
@Suite struct StreamedHTMLTests {
    @Test(arguments: SpecExample.all.indices.filter { $0 % 2 == 1 })
    func specExampleStreamsToItsHTML(_ index: Int) {
        let markdown = SpecExample.all[index].markdown
        var generator = SeededGenerator(seed: UInt64(index))
        var parser = StreamingMarkdownParser()
        let bytes = Array(markdown.utf8)
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(generator.next() % 9) + 1)
            parser.append(utf8: Array(bytes[offset..<offset + length]))
            parser.update()
            offset += length
        }
        parser.finish()
        for options in [HTMLRenderOptions.trusted, .untrusted] {
            let renderer = MarkdownHTMLRenderer(options: options)
            #expect(renderer.render(parser.document) == renderer.render(markdown: markdown))
        }
    }
}
