//! Generates the parser from `src/grammar.lalrpop` with LALRPOP.

fn main() {
    println!("cargo:rerun-if-changed=src/grammar.lalrpop");
    if let Err(error) = lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .emit_rerun_directives(true)
        .process()
    {
        eprintln!("failed to generate the parser: {error}");
        std::process::exit(1);
    }
}
