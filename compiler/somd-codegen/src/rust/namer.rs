//! Assigns every Rust name before emission: one name per class, static field, function and
//! local, unique in its scope and never a reserved word ([`super::keywords`]). Compiler
//! temporaries are named from their handle (`_t17`), so output is deterministic and can be
//! traced back to the MIR.

use super::keywords::{function_names, has_generated_prefix, has_item_prefix, is_reserved};
use somd_mir::{Function, LocalKind, Module};
use std::collections::HashSet;

/// The names of one module.
pub struct Names {
    /// Struct of each class (`C_Point`-like: the class name, made unique).
    pub classes: Vec<String>,
    /// `static` item of each static field (`S_Main_count`).
    pub statics: Vec<String>,
    /// Function of each MIR function (`Main_main`, overloads numbered).
    pub functions: Vec<String>,
    /// Locals of each function.
    pub locals: Vec<Vec<String>>,
    /// The `rt::init::ClassInit` item of each class (`INIT_Main`), written for the classes
    /// in `first_use`.
    pub inits: Vec<String>,
    /// The classes initialized at their first use (`somd_mir::init_order::first_use_classes`),
    /// with the name of their static initializer.
    pub first_use: std::collections::HashMap<somd_mir::ClassId, String>,
}

/// Turns an arbitrary identifier into a Rust identifier: ASCII letters, digits and `_`,
/// never starting with a digit and never only underscores (`é` is `v_`, since `_` is no
/// identifier in Rust).
pub(super) fn sanitize(name: &str) -> String {
    let mut out: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if out.bytes().all(|b| b == b'_') {
        out.insert(0, 'v');
    }
    out
}

/// `sanitize(name)`, with `v` in front when it starts like a static the generator writes
/// (`keywords::has_item_prefix`) or like its temporaries (`has_generated_prefix`): no
/// suffix would make those names free.
fn program_name(name: &str) -> String {
    let base = sanitize(name);
    if has_item_prefix(&base) || has_generated_prefix(&base) {
        format!("v{base}")
    } else {
        base
    }
}

/// The first of `base`, `base_1`, `base_2`, .. for which `clash` is false. A base whose
/// numbered forms are all reserved while it clashes itself (`somd` taken: `somd_1` starts
/// like the writer's temporaries; `part`: the wrapper's `part_<k>`) gets its `v` first, so
/// the search ends.
fn first_free(base: String, clash: impl Fn(&str) -> bool) -> String {
    let base =
        if clash(&base) && is_reserved(&format!("{base}_1")) { format!("v{base}") } else { base };
    let mut candidate = base.clone();
    let mut n = 1;
    while clash(&candidate) {
        candidate = format!("{base}_{n}");
        n += 1;
    }
    candidate
}

/// Makes `base` unique in `taken` and not reserved, records it.
fn unique(base: String, taken: &mut HashSet<String>) -> String {
    let base = if has_generated_prefix(&base) { format!("v{base}") } else { base };
    let candidate = first_free(base, |n| is_reserved(n) || taken.contains(n));
    taken.insert(candidate.clone());
    candidate
}

impl Names {
    pub fn new(module: &Module) -> Names {
        let mut items = HashSet::new();
        let classes: Vec<String> =
            module.classes.iter().map(|c| unique(program_name(&c.name), &mut items)).collect();
        let statics = module
            .statics
            .iter()
            .map(|s| {
                let class = module.classes.get(s.class.0 as usize).map_or("", |c| c.name.as_str());
                unique(format!("S_{}_{}", sanitize(class), sanitize(&s.name)), &mut items)
            })
            .collect();
        // A function's name is unique together with the names derived from it (its SOMD
        // wrapper, its element operation): `Main.total_somd` is no SOMD wrapper of
        // `Main.total`.
        let functions = module
            .functions
            .iter()
            .map(|f| {
                let base = program_name(&f.name.replace("<init>", "new").replace('.', "_"));
                let name = first_free(base, |n| {
                    is_reserved(n) || function_names(n).iter().any(|d| items.contains(d))
                });
                items.extend(function_names(&name));
                name
            })
            .collect();
        let inits = module
            .classes
            .iter()
            .map(|c| unique(format!("INIT_{}", sanitize(&c.name)), &mut items))
            .collect();
        // Locals shadow no function or static: they avoid every module-level name.
        let locals = module.functions.iter().map(|f| Self::function_locals(f, &items)).collect();
        Names { classes, statics, functions, locals, inits, first_use: Default::default() }
    }

    /// The statement that initializes `class` if it is initialized at its first use
    /// (`rt::init::ClassInit::ensure`).
    pub fn ensure_init(&self, class: somd_mir::ClassId) -> Option<String> {
        let init = self.first_use.get(&class)?;
        Some(format!("{}.ensure({init});", self.inits[class.0 as usize]))
    }

    fn function_locals(func: &Function, items: &HashSet<String>) -> Vec<String> {
        let mut taken = items.clone();
        func.locals
            .iter()
            .enumerate()
            .map(|(idx, local)| match local.kind {
                LocalKind::This => unique("this".to_string(), &mut taken),
                LocalKind::Temp => unique(format!("_t{idx}"), &mut taken),
                LocalKind::Param | LocalKind::Var => {
                    let base = program_name(&local.name);
                    // A name starting with `_t` or `_e` could clash with temporaries.
                    let base = if base.starts_with('_') { format!("v{base}") } else { base };
                    unique(base, &mut taken)
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_and_duplicate_names_are_renamed() {
        let mut taken = HashSet::new();
        assert_eq!(unique(sanitize("loop"), &mut taken), "loop_1");
        assert_eq!(unique(sanitize("x"), &mut taken), "x");
        assert_eq!(unique(sanitize("x"), &mut taken), "x_1");
        assert_eq!(sanitize("1a$"), "_1a_");
    }

    #[test]
    fn program_names_never_take_the_generators_own() {
        assert_eq!(program_name("POS_0"), "vPOS_0");
        assert_eq!(program_name("K_Main_work"), "vK_Main_work");
        assert_eq!(program_name("KS1_Main_work"), "vKS1_Main_work");
        assert_eq!(program_name("KS_x"), "KS_x");
        assert_eq!(program_name("somd_x"), "vsomd_x");
        assert_eq!(program_name("Point"), "Point");
    }
}
