//! Source files and byte spans into them.

use std::fmt;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range `[start, end)` in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start: clamp_u32(start), end: clamp_u32(end.max(start)) }
    }

    /// The smallest span covering both `self` and `other` (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span { file: self.file, start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}..{}", self.file.0, self.start, self.end)
    }
}

fn clamp_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// One source file: its display name, text and the byte offsets where lines start.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
    /// Where the file's bytes were no UTF-8 ([`SourceMap::add_bytes`]): the byte offsets of
    /// the first invalid sequence's start and end; `text` has a space for each such byte.
    pub invalid_utf8: Option<(usize, usize)>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        // Java's line terminators (JLS 3.4): LF, CR LF, and a CR alone.
        let bytes = text.as_bytes();
        let ends = bytes
            .iter()
            .enumerate()
            .filter(|&(i, b)| *b == b'\n' || (*b == b'\r' && bytes.get(i + 1) != Some(&b'\n')));
        let line_starts = std::iter::once(0).chain(ends.map(|(i, _)| i + 1)).collect();
        SourceFile { name: name.into(), text, line_starts, invalid_utf8: None }
    }

    /// 1-based line and column of a byte offset. Columns count characters, as
    /// `codespan-reporting` does, so both output formats agree.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        };
        let start = self.line_starts[line];
        let column = self
            .text
            .get(start..offset)
            .map(|prefix| prefix.chars().count())
            .unwrap_or(offset - start);
        (line + 1, column + 1)
    }

    pub(crate) fn line_starts(&self) -> &[usize] {
        &self.line_starts
    }
}

/// All files of one compilation.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let id = FileId(u32::try_from(self.files.len()).unwrap_or(u32::MAX));
        self.files.push(SourceFile::new(name, text));
        id
    }

    /// Adds a file read as bytes. Bytes that are no UTF-8 become spaces, one per byte, so
    /// every offset and position of the rest stays the file's own; the first such sequence
    /// is kept in [`SourceFile::invalid_utf8`] for the diagnostic that reports it.
    pub fn add_bytes(&mut self, name: impl Into<String>, bytes: Vec<u8>) -> FileId {
        let (text, invalid) = match String::from_utf8(bytes) {
            Ok(text) => (text, None),
            Err(err) => {
                let mut bytes = err.into_bytes();
                let mut first = None;
                let mut at = 0;
                while let Err(e) = std::str::from_utf8(&bytes[at..]) {
                    let start = at + e.valid_up_to();
                    let len = e.error_len().unwrap_or(bytes.len() - start);
                    first.get_or_insert((start, start + len));
                    bytes[start..start + len].fill(b' ');
                    at = start + len;
                }
                (String::from_utf8(bytes).unwrap_or_default(), first)
            }
        };
        let id = self.add(name, text);
        if let Some(file) = self.files.last_mut() {
            file.invalid_utf8 = invalid;
        }
        id
    }

    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate().map(|(i, f)| (FileId(i as u32), f))
    }

    /// `name:LINE:COL` of the start of a span.
    pub fn position(&self, span: Span) -> String {
        match self.get(span.file) {
            Some(file) => {
                let (line, col) = file.line_col(span.start as usize);
                format!("{}:{}:{}", file.name, line, col)
            }
            None => format!("<unknown>:{}", span.start),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based_and_count_chars() {
        let file = SourceFile::new("a.somd", "ab\nçd\n\nx");
        assert_eq!(file.line_col(0), (1, 1));
        assert_eq!(file.line_col(1), (1, 2));
        assert_eq!(file.line_col(3), (2, 1));
        assert_eq!(file.line_col(5), (2, 2)); // after the two-byte 'ç'
        assert_eq!(file.line_col(7), (3, 1));
        assert_eq!(file.line_col(8), (4, 1));
        assert_eq!(file.line_col(100), (4, 2));
    }

    #[test]
    fn bytes_that_are_no_utf8_become_spaces_in_place() {
        let mut map = SourceMap::new();
        let id = map.add_bytes("a.somd", b"ab\xff\xfecd\n\xc3".to_vec());
        let file = map.get(id).expect("added");
        assert_eq!(file.text, "ab  cd\n ");
        assert_eq!(file.invalid_utf8, Some((2, 3)));
        let ok = map.add_bytes("b", b"ok".to_vec());
        assert_eq!(map.get(ok).expect("added").invalid_utf8, None);
    }

    #[test]
    fn a_carriage_return_alone_ends_a_line_as_in_java() {
        let file = SourceFile::new("a.somd", "a\rb\r\nc\nd");
        assert_eq!(file.line_col(2), (2, 1));
        assert_eq!(file.line_col(5), (3, 1));
        assert_eq!(file.line_col(7), (4, 1));
    }
}
