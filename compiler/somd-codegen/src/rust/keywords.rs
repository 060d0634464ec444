//! Reserved words of the target language, which generated names must avoid.
//!
//! From the Rust reference, "Keywords" (strict, reserved and weak keywords of the 2021
//! edition: <https://doc.rust-lang.org/reference/keywords.html>), plus the names that
//! generated code itself uses at the top of every module (the runtime prelude) and would
//! be shadowed by a user name.

/// Strict and reserved keywords of Rust 2021, and weak keywords that are unsafe as names.
pub const RUST_KEYWORDS: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "try",
    "union",
    "macro_rules",
    "gen",
];

/// Names the generated module reserves for itself (runtime imports and helpers).
pub const GENERATED_NAMES: &[&str] = &[
    "rt",
    "main",
    "Array",
    "VArr",
    "Obj",
    "Val",
    "Str",
    "Slot",
    "Task",
    "Geo",
    "Random",
    "std",
    "core",
    "alloc",
    "Option",
    "Some",
    "None",
    // The prelude's `Result` variants: a binding of that name is a pattern Rust refuses.
    "Result",
    "Ok",
    "Err",
    "Vec",
    "Box",
    "String",
    "Default",
    "Clone",
    "JavaDisplay",
    "Freeze",
    "Thaw",
    "DeepCopy",
    "Elements",
    "OrThrow",
    "Arg",
    "Layout",
    "Dist1",
    "Dist2",
    // The SOMD wrapper's parameter (`somd.rs`).
    "moved",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "f32",
    "f64",
    "bool",
    "char",
    "str",
    // Imported by every generated module (`writer.rs`) or called bare.
    "SourcePos",
    "arith",
    "drop",
];

/// Locals of the SOMD wrapper (`somd.rs`, `device.rs`), which take the method's parameter
/// names as their own parameters: a parameter of one of these names would be shadowed.
pub const WRAPPER_NAMES: &[&str] =
    &["n_mis", "partials", "pos", "mi", "shape", "device_args", "done", "moved"];

/// Wrapper locals numbered per `dist` parameter (`dist_0`, `part_1`, ...).
const NUMBERED_WRAPPER_NAMES: &[&str] = &["dist", "part", "geo", "bounds"];

/// Whether `name` cannot be used as an identifier in generated code.
pub fn is_reserved(name: &str) -> bool {
    RUST_KEYWORDS.contains(&name)
        || GENERATED_NAMES.contains(&name)
        || WRAPPER_NAMES.contains(&name)
        || NUMBERED_WRAPPER_NAMES.iter().any(|base| {
            name.strip_prefix(base)
                .and_then(|rest| rest.strip_prefix('_'))
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
        || has_generated_prefix(name)
}

/// Whether `name` starts like a module-level static the generator writes: source positions
/// (`POS_3`), kernel descriptions (`K_Main_work`, `K_MAP_4_17`, `KS1_Main_work` for the
/// first kernel of a `sync` body), `SyncDesc`s (`SYNC_Main_work`), the OpenCL program
/// (`CL_BODY`) and static fields (`S_Main_count`). Classes, functions and locals of the
/// program never take such a name (the namer prefixes it with `v`), so no program name can
/// shadow or clash with those statics.
pub fn has_item_prefix(name: &str) -> bool {
    ["POS_", "K_", "SYNC_", "CL_", "S_"].iter().any(|p| name.starts_with(p))
        || name.strip_prefix("KS").is_some_and(|rest| {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && rest[digits..].starts_with('_')
        })
}

/// The names the generator derives from a function's name `name`: its SOMD wrapper
/// (`<fn>_somd`, `somd.rs`) and the element operation of an elementwise `combine`
/// (`<fn>_elem`).
pub fn function_names(name: &str) -> [String; 3] {
    [name.to_string(), format!("{name}_somd"), format!("{name}_elem")]
}

/// Whether `name` starts like the generator's own temporaries: `somd_` (`somd_sync`, the
/// host loop indices `somd_h0`, ..) or `_` + `e h l n t u` + a digit (`_e12v`, `_h4_0`,
/// `_n3`, ...). Appending a suffix keeps such a name reserved, so the namer prefixes it.
pub fn has_generated_prefix(name: &str) -> bool {
    let bytes = name.as_bytes();
    name.starts_with("somd_")
        || (bytes.len() >= 3
            && bytes[0] == b'_'
            && b"ehlntu".contains(&bytes[1])
            && bytes[2].is_ascii_digit())
}
