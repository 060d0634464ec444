//! The language's own library: the `stdlib/*.somd` sources, embedded in the compiler with
//! `include_str!` and parsed into every compilation (see note `stdlib`).
//!
//! Each file declares classes named like the built-in class they implement part of
//! (`class Math { static local int abs(int a) .. }`). The checker treats the classes of
//! these files as *library classes*: their names are never visible to user code, and a
//! call such as `Math.abs(x)` first resolves against the built-in signatures (Java's
//! overloads) and is then bound to the library method with the chosen signature, when one
//! exists. Later stages see an ordinary call of a `static local` method.
//!
//! Library files get [`FileId`]s from a reserved range at the top of the `u32` space, so
//! they never collide with the ids of a [`somd_diag::SourceMap`] of user files; [`name`]
//! and [`source`] map such an id back to its display name and text.

use somd_diag::{Diagnostic, FileId};
use somd_syntax::ast::{CompilationUnit, IdGen};

/// One library file: its display name (as diagnostics and positions show it) and text.
#[derive(Clone, Copy, Debug)]
pub struct StdFile {
    pub name: &'static str,
    pub text: &'static str,
}

/// Every library file, in the order they are parsed.
pub const FILES: &[StdFile] = &[
    StdFile { name: "stdlib/math.somd", text: include_str!("../../../stdlib/math.somd") },
    StdFile { name: "stdlib/integer.somd", text: include_str!("../../../stdlib/integer.somd") },
    StdFile { name: "stdlib/long.somd", text: include_str!("../../../stdlib/long.somd") },
];

/// The first file id of the reserved range; user file ids count up from 0.
const FIRST_FILE_ID: u32 = 0xFFFF_F000;

/// The file id of the library file at `index` in [`FILES`].
pub fn file_id(index: usize) -> FileId {
    FileId(FIRST_FILE_ID.saturating_add(u32::try_from(index).unwrap_or(u32::MAX)))
}

/// The library file with this id, if it is one.
fn file(id: FileId) -> Option<&'static StdFile> {
    let index = id.0.checked_sub(FIRST_FILE_ID)?;
    FILES.get(usize::try_from(index).ok()?)
}

/// Whether `id` names a library file (rather than a user file).
pub fn is_library_file(id: FileId) -> bool {
    file(id).is_some()
}

/// The display name of a library file (`stdlib/math.somd`).
pub fn name(id: FileId) -> Option<&'static str> {
    file(id).map(|f| f.name)
}

/// The text of a library file.
pub fn source(id: FileId) -> Option<&'static str> {
    file(id).map(|f| f.text)
}

/// Parses every library file with the compilation's id generator (expression and
/// declaration ids must be unique across all files of one compilation). The diagnostics
/// are empty for a correct library; a test keeps it so.
pub fn parse(ids: &IdGen) -> (Vec<CompilationUnit>, Vec<Diagnostic>) {
    let mut units = Vec::with_capacity(FILES.len());
    let mut diagnostics = Vec::new();
    for (index, file) in FILES.iter().enumerate() {
        let (unit, errors) = somd_syntax::parse(file_id(index), file.text, ids);
        diagnostics.extend(errors);
        units.push(unit);
    }
    (units, diagnostics)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_cleanly_and_maps_back() {
        let (units, diagnostics) = parse(&IdGen::new());
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(units.len(), FILES.len());
        for (index, unit) in units.iter().enumerate() {
            assert!(is_library_file(unit.file));
            assert_eq!(name(unit.file), Some(FILES[index].name));
            assert_eq!(source(unit.file), Some(FILES[index].text));
        }
        assert!(!is_library_file(FileId(0)));
        assert_eq!(name(file_id(FILES.len())), None);
    }
}
