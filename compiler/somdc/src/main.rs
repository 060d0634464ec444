//! The `somdc` command line. This is the only place that reads files, looks at the
//! environment, starts processes and sets the exit status; everything else is in the
//! library. `build` and `run` live in [`project`] and [`run`].

mod project;
mod run;

use clap::{Parser, Subcommand, ValueEnum};
use somd_diag::{render_json, render_text, Diagnostic, SourceMap};
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "somdc", version, about = "Compiler for the SOMD data-parallel language")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and type-check a program; print diagnostics. Exit status 0 when there is no
    /// error, 1 when there is.
    Check {
        /// The program's source files, compiled together.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// How to print diagnostics.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// When to use colours in human output.
        #[arg(long, value_enum, default_value_t = Color::Auto)]
        color: Color,
    },
    /// Compile a program to a Cargo project in DIR; print the path of the executable that
    /// `cargo build --release` in DIR will produce.
    Build {
        /// The program's source files, compiled together.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The directory to write the project to (created if missing; generated files are
        /// overwritten).
        #[arg(short = 'o', long = "out-dir", value_name = "DIR")]
        out_dir: PathBuf,
        /// When to use colours in diagnostics.
        #[arg(long, value_enum, default_value_t = Color::Auto)]
        color: Color,
        /// Also write every generated OpenCL kernel as a readable `.cl` file under
        /// `DIR/kernels/`, one per kernel, headed by the source method and position.
        #[arg(long)]
        emit_kernels: bool,
        #[command(flatten)]
        kernels: KernelFlags,
    },
    /// For each SOMD method, `@`, `!` and task: where it will run (CPU or OpenCL), how it is
    /// parallelised, and what keeps it on the CPU.
    Explain {
        /// The program's source files, compiled together.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// When to use colours in diagnostics.
        #[arg(long, value_enum, default_value_t = Color::Auto)]
        color: Color,
    },
    /// Build a program (release profile, cached) and run it with ARGS. The program's
    /// output and exit status pass through unchanged.
    Run {
        /// The program's source files, compiled together.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Arguments for the program, after `--`.
        #[arg(last = true)]
        args: Vec<OsString>,
        /// When to use colours in diagnostics.
        #[arg(long, value_enum, default_value_t = Color::Auto)]
        color: Color,
        #[command(flatten)]
        kernels: KernelFlags,
    },
    /// Compiler developer tools.
    #[command(hide = true)]
    Dev {
        /// The program's source files, compiled together.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the MIR of the program after lowering.
        #[arg(long)]
        dump_mir: bool,
        /// Run the MIR verifier after lowering; exit 1 on a verifier error.
        #[arg(long)]
        verify: bool,
    },
}

/// How the OpenCL kernels are written (LANGUAGE.md §1.5, §1.6); the host code is the same.
#[derive(Clone, Copy, clap::Args)]
pub(crate) struct KernelFlags {
    /// Drop the device-side bounds checks (LANGUAGE.md §1.6): a kernel that would fail
    /// reads or writes out of bounds instead of raising the exception (zero divisors are
    /// still checked). The CPU placements keep every check.
    #[arg(long)]
    unchecked: bool,
    /// Let kernels contract to fused multiply-add and use the `native_*` built-ins
    /// (LANGUAGE.md §1.5): device results may differ from Java's in the last bits.
    #[arg(long)]
    fast_math: bool,
}

impl KernelFlags {
    pub(crate) fn options(self) -> somd_codegen::opencl::ClOptions {
        somd_codegen::opencl::ClOptions { fast_math: self.fast_math, unchecked: self.unchecked }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// `codespan-reporting`'s format, for people.
    Human,
    /// One JSON object per line, for tools (see docs/cli.md).
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Color {
    Auto,
    Always,
    Never,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { files, format, color } => check(&files, format, color),
        Command::Build { files, out_dir, color, emit_kernels, kernels } => {
            project::build(&files, &out_dir, color, emit_kernels, kernels.options())
        }
        Command::Explain { files, color } => explain(&files, color),
        Command::Run { files, args, color, kernels } => {
            run::run(&files, &args, color, kernels.options())
        }
        Command::Dev { files, dump_mir, verify } => dev(&files, dump_mir, verify),
    }
}

/// Prints human diagnostics to standard error, with a summary line when there are errors.
/// `verb` names the command in the summary ("could not check the program"); `omitted` counts
/// the errors and warnings beyond `somdc::MAX_REPORTED` that were found but not kept.
pub(crate) fn report(
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    omitted: (usize, usize),
    color: Color,
    verb: &str,
) {
    let use_color = match color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let text = render_text(sources, diagnostics, use_color);
    let _ = std::io::stderr().write_all(text.as_bytes());
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    let (omitted_errors, omitted_warnings) = omitted;
    if omitted_errors + omitted_warnings > 0 {
        eprintln!(
            "note: {omitted_errors} more error{} and {omitted_warnings} more warning{} not shown \
             (at most {} of each are reported)",
            plural(omitted_errors),
            plural(omitted_warnings),
            somdc::MAX_REPORTED
        );
    }
    let (errors, warnings) = (errors + omitted_errors, warnings + omitted_warnings);
    if errors > 0 {
        eprintln!(
            "error: could not {verb} the program: {errors} error{}{}",
            plural(errors),
            if warnings > 0 {
                format!(", {warnings} warning{}", plural(warnings))
            } else {
                String::new()
            }
        );
    }
}

/// `somdc dev`: the middle end's text form and verifier, for compiler developers.
fn dev(files: &[PathBuf], dump_mir: bool, verify: bool) -> ExitCode {
    let Some(sources) = load(files, false) else {
        return ExitCode::FAILURE;
    };
    let checked = somdc::check(&sources);
    if checked.has_errors() {
        report(&sources, &checked.diagnostics, checked.omitted(), Color::Auto, "compile");
        return ExitCode::FAILURE;
    }
    let module = somdc::lower(&checked.program, &sources);
    if dump_mir {
        print!("{}", somd_mir::print(&module));
    }
    if verify {
        if let Err(errors) = somd_mir::verify(&module) {
            for error in &errors {
                eprintln!("error: MIR verifier: {error}");
            }
            return ExitCode::FAILURE;
        }
        eprintln!("MIR verified");
    }
    ExitCode::SUCCESS
}

/// `somdc explain FILE...`: the analysis's placement report on standard output.
fn explain(files: &[PathBuf], color: Color) -> ExitCode {
    let Some(sources) = load(files, false) else {
        return ExitCode::FAILURE;
    };
    let checked = somdc::check_with_warnings(&sources);
    report(&sources, &checked.diagnostics, checked.omitted(), color, "explain");
    if checked.has_errors() {
        return ExitCode::FAILURE;
    }
    print!("{}", somdc::explain(&checked, &sources));
    ExitCode::SUCCESS
}

/// Reads every file into a source map; unreadable files are reported and make the run fail.
/// `run`: the command takes program arguments after `--`, which a missing file may be.
pub(crate) fn load(files: &[PathBuf], run: bool) -> Option<SourceMap> {
    let mut sources = SourceMap::new();
    let mut ok = true;
    for path in files {
        match std::fs::read(path) {
            // Bytes that are no UTF-8 are reported with the other diagnostics (E0015).
            Ok(bytes) => {
                sources.add_bytes(path.display().to_string(), bytes);
            }
            Err(err) => {
                eprintln!("error: cannot read {}: {err}", path.display());
                // `somdc run Main.somd 50`: a missing file that is no source file is most
                // likely a program argument.
                let source = path.extension().is_some_and(|e| e == "somd");
                if run && !source && !path.exists() {
                    eprintln!(
                        "  = help: arguments for the program go after `--`: `somdc run FILE.. \
                         -- ARGS..`"
                    );
                }
                ok = false;
            }
        }
    }
    ok.then_some(sources)
}

fn check(files: &[PathBuf], format: Format, color: Color) -> ExitCode {
    let Some(sources) = load(files, false) else {
        return ExitCode::FAILURE;
    };
    let checked = somdc::check_with_warnings(&sources);
    match format {
        Format::Human => report(&sources, &checked.diagnostics, checked.omitted(), color, "check"),
        Format::Json => {
            let _ =
                std::io::stdout().write_all(render_json(&sources, &checked.diagnostics).as_bytes());
            // Standard output holds only diagnostics: what was left out is said beside it.
            let (errors, warnings) = checked.omitted();
            if errors + warnings > 0 {
                eprintln!(
                    "note: {errors} more error{} and {warnings} more warning{} not shown (at \
                     most {} of each are reported)",
                    plural(errors),
                    plural(warnings),
                    somdc::MAX_REPORTED
                );
            }
        }
    }
    if checked.has_errors() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
