//! Tests of the `somdc` command line through the built binary: exit statuses, the JSON
//! diagnostic format, `build`'s project layout, `run`'s pass-through of arguments, output
//! and exit status, and its cache.
//!
//! Every test that runs programs shares one cache directory under `CARGO_TARGET_TMPDIR`,
//! so the runtime crate compiles once for the whole file (and concurrent tests exercise the
//! cache's locking).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const GOOD: &str = r#"
public class Main {
    public static void main(String[] args) {
        System.out.println("args " + args.length);
        for (int i = 0; i < args.length; i++) {
            System.out.println(args[i]);
        }
        System.err.println("to stderr");
    }
}
"#;

const BAD: &str = r#"
public class Main {
    public static void main(String[] args) {
        int x = true;
        boolean y = 3;
    }
}
"#;

const THROWS: &str = r#"
public class Main {
    public static void main(String[] args) {
        System.out.println("before");
        int n = args.length;
        System.out.println(10 / n);
    }
}
"#;

fn somdc() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_somdc"));
    command.env("SOMD_CACHE_DIR", scratch().join("cache")).env_remove("SOMD_CACHE_VERBOSE");
    command.env_remove("SOMD_RUNTIME").env("NO_COLOR", "1");
    command
}

fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("somdc-cli")
}

/// Writes `text` to a fresh file `dir/name` under the scratch directory.
fn source(dir: &str, name: &str, text: &str) -> PathBuf {
    let dir = scratch().join(dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write source");
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn run(command: &mut Command) -> Output {
    command.output().expect("somdc runs")
}

#[test]
fn check_exits_0_without_errors_and_1_with_errors() {
    let good = source("check", "good.somd", GOOD);
    let bad = source("check", "bad.somd", BAD);
    let ok = run(somdc().arg("check").arg(&good));
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stderr));
    assert!(ok.stderr.is_empty(), "{}", text(&ok.stderr));
    let failed = run(somdc().arg("check").arg(&bad));
    assert_eq!(failed.status.code(), Some(1));
    let stderr = text(&failed.stderr);
    assert!(stderr.contains("error[E"), "{stderr}");
    assert!(stderr.contains("could not check the program: 2 errors"), "{stderr}");
}

/// A value class's fields are final without the keyword: assigning one that has an
/// initializer points at the field as a value-class field, not as one "declared `final`"
/// (probe 69).
#[test]
fn a_value_class_field_assigned_twice_says_why_it_is_final() {
    let text_ = "value class V {\n    int x = 3;\n    V(int y) { x = y; }\n}\n\
                 public class Main {\n    public static void main(String[] args) {\n        \
                 System.out.println(new V(4).x);\n    }\n}\n";
    let bad = source("value_final", "v.somd", text_);
    let out = run(somdc().arg("check").arg(&bad));
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error[E0107]: cannot assign a value to final field `x`"), "{stderr}");
    assert!(stderr.contains("declared here (the fields of value class `V` are final)"), "{stderr}");
    assert!(!stderr.contains("declared `final` here"), "{stderr}");
}

/// `task obj.m` on an existing object names a variable where LANGUAGE.md §3.1 wants a class:
/// the help says which two forms a task takes (probe 69).
#[test]
fn a_task_on_a_variable_shows_the_two_task_forms() {
    let bad = source("task_var", "t.somd", TASK_ON_VARIABLE);
    let out = run(somdc().arg("check").arg(&bad));
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error[E0102]: cannot find class `a`"), "{stderr}");
    assert!(stderr.contains("`a` is a variable: a task's worker is `task C.step`"), "{stderr}");
    assert!(stderr.contains("`task new C(..).step`"), "{stderr}");
}

const TASK_ON_VARIABLE: &str = include_str!("../../../tests/fail/types/task_on_variable.somd");

#[test]
fn check_json_is_one_object_per_diagnostic() {
    let bad = source("json", "bad.somd", BAD);
    let out = run(somdc().arg("check").arg(&bad).args(["--format", "json"]));
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    for line in lines {
        let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        assert_eq!(value["severity"], "error");
        assert!(value["code"].as_str().is_some_and(|c| c.starts_with('E') && c.len() == 5));
        assert!(value["file"].as_str().is_some_and(|f| f.ends_with("bad.somd")));
        assert!(value["line"].as_u64().is_some_and(|l| l == 4 || l == 5), "{line}");
        for field in ["message", "column", "end_line", "end_column", "label", "secondary", "notes"]
        {
            assert!(!value[field].is_null(), "missing {field} in {line}");
        }
    }
}

#[test]
fn check_json_says_on_stderr_how_many_diagnostics_were_left_out() {
    let mut program = String::from("class M { public static void main(String[] a) {\n");
    for k in 0..150 {
        program.push_str(&format!("  int x{k} = true;\n"));
    }
    program.push_str("} }\n");
    let many = source("json-many", "many.somd", &program);
    let out = run(somdc().arg("check").arg(&many).args(["--format", "json"]));
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 100, "{stdout}");
    for line in stdout.lines() {
        let _: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
    }
    let stderr = text(&out.stderr);
    let note =
        "note: 50 more errors and 0 more warnings not shown (at most 100 of each are reported)";
    assert!(stderr.contains(note), "{stderr}");
}

#[test]
fn a_program_without_classes_reports_the_missing_main_at_its_start() {
    // An empty file, or one with only comments, whitespace and `;`, has no class to point
    // at: the error points at the start of the file and renders like any other.
    for (name, program) in [("empty.somd", ""), ("comment.somd", "// nothing yet\n  ;\n")] {
        let path = source("no-class", name, program);
        let human = run(somdc().arg("check").arg(&path));
        assert_eq!(human.status.code(), Some(1));
        let stderr = text(&human.stderr);
        assert!(stderr.contains("error[E0123]: no `main` method"), "{stderr}");
        assert!(stderr.contains(&format!("{name}:1:1")), "{stderr}");
        let json = run(somdc().arg("check").arg(&path).args(["--format", "json"]));
        let stdout = text(&json.stdout);
        let value: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
        assert_eq!(value["code"], "E0123");
        assert!(value["file"].as_str().is_some_and(|f| f.ends_with(name)), "{stdout}");
        assert_eq!((value["line"].as_u64(), value["column"].as_u64()), (Some(1), Some(1)));
    }
}

#[test]
fn build_writes_a_cargo_project_and_prints_the_executable_path() {
    let program = source("build", "Hello-World.somd", GOOD);
    let out_dir = scratch().join("build").join("project");
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = run(somdc().arg("build").arg(&program).arg("-o").arg(&out_dir));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let manifest = std::fs::read_to_string(out_dir.join("Cargo.toml")).expect("Cargo.toml");
    assert!(manifest.contains("name = \"hello_world\""), "{manifest}");
    assert!(manifest.contains("somd-runtime"), "{manifest}");
    let main_rs = std::fs::read_to_string(out_dir.join("src").join("main.rs")).expect("main.rs");
    assert!(main_rs.contains("fn main"), "{main_rs}");
    let expected = out_dir.join("target").join("release").join("hello_world");
    assert_eq!(text(&out.stdout), format!("{}\n", expected.display()));

    // Building again overwrites the generated files.
    std::fs::write(out_dir.join("src").join("main.rs"), "garbage").expect("write");
    let again = run(somdc().arg("build").arg(&program).arg("-o").arg(&out_dir));
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(out_dir.join("src").join("main.rs")).ok(), Some(main_rs));
}

/// `somdc build` says, as warning W0303 at the parameter, that an OpenCL device ignores a
/// user partitioning strategy of a method it may run (LANGUAGE.md §2.2), and only of such a
/// method: one kept on the CPU (it prints) honours its strategy.
#[test]
fn build_warns_that_the_device_ignores_user_strategies() {
    let program = source(
        "strategy-warning",
        "Main.somd",
        r#"class Halves {
    static int[] bounds(int length, int parts) {
        int[] b = new int[parts + 1];
        for (int r = 1; r <= parts; r++) {
            b[r] = r == parts ? length : length / 2;
        }
        return b;
    }
}

public class Main {
    static reduce(+) long total(dist(Halves) int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static reduce(+) long loud(dist(Halves) int[] b) {
        System.out.println(b.length);
        return b.length;
    }

    static reduce(Add) long[] colSums(dist(Halves) long[][] m) {
        long[] s = new long[m[0].length];
        for (int r = 0; r < m.length; r++) {
            for (int j = 0; j < s.length; j++) {
                s[j] += m[r][j];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[10];
        System.out.println(total(a) + loud(a) + colSums(new long[10][3]).length);
    }
}

class Add {
    static long[] combine(long[] x, long[] y) {
        long[] z = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            z[i] = x[i] + y[i];
        }
        return z;
    }
}
"#,
    );
    let out_dir = scratch().join("strategy-warning").join("project");
    let out = run(somdc().arg("build").arg(&program).arg("-o").arg(&out_dir));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    // `colSums` has no device call (an output table with a class strategy): no warning.
    assert_eq!(stderr.matches("warning[W0303]").count(), 1, "{stderr}");
    assert!(
        stderr.contains("the partitioning strategy of `a` is ignored on an OpenCL device"),
        "{stderr}"
    );
    assert!(stderr.contains("Main.somd:12:52"), "{stderr}");
    // `check` reports it too.
    let checked = run(somdc().arg("check").arg(&program));
    assert_eq!(text(&checked.stderr).matches("warning[W0303]").count(), 1);
    // `explain` says where it runs as the program does.
    let explained = run(somdc().arg("explain").arg(&program));
    let report = text(&explained.stdout);
    let col_sums = report.split("SOMD method Main.colSums").nth(1).unwrap_or_default();
    assert!(col_sums.trim_start().starts_with("runs on: CPU"), "{report}");
}

/// A SOMD method whose method instances would write a static field, or print, runs as one
/// (`analysis::shared`): `somdc build` says so once per method, at the first such effect,
/// and not for a method that writes only its own partition's elements of a field array.
#[test]
fn build_warns_about_state_the_method_instances_share() {
    let program = source(
        "shared-warning",
        "Main.somd",
        r#"public class Main {
    static long calls = 0;
    long[] own = new long[10];

    static reduce(+) long counted(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            calls++;
            s += a[i];
        }
        return s;
    }

    static reduce(+) long loud(dist int[] b) {
        System.out.println(b.length);
        calls += b.length;
        return b.length;
    }

    void mine(dist int[] a) {
        for (int i = 0; i < a.length; i++) {
            own[Somd.offset(a) + i] = a[i];
        }
    }

    static long[][] grid = new long[9][7];

    static void cells(dist long[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                int c = Somd.offset(m, 2) + j;
                grid[Somd.offset(m, 1) + i][c] += m[i][j] * 3 + c;
            }
        }
    }

    static void bands(dist long[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                grid[Somd.offset(m, 1) + i][j] += m[i][j];
            }
        }
    }

    static void swapped(dist long[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                grid[j + Somd.offset(m, 2)][Somd.offset(m, 1) + i] += 1;
            }
        }
    }

    public static void main(String[] args) {
        int[] a = new int[10];
        new Main().mine(a);
        System.out.println(counted(a) + loud(a) + calls);
        long[][] m = new long[9][7];
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 7; j++) {
                m[i][j] = i * 10 + j;
            }
        }
        cells(m);
        bands(m);
        swapped(new long[7][7]);
        long h = 0;
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 7; j++) {
                h = h * 31 + grid[i][j];
            }
        }
        System.out.println(h);
    }
}
"#,
    );
    let out_dir = scratch().join("shared-warning").join("project");
    let out = run(somdc().arg("build").arg(&program).arg("-o").arg(&out_dir));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    // `cells` stores only at its own cells of the rectangles `m` is split into; `bands`
    // writes other MIs' columns of its rows, `swapped` crosses the dimensions.
    assert_eq!(stderr.matches("warning[W0304]").count(), 4, "{stderr}");
    assert!(!stderr.contains("`Main.cells`"), "{stderr}");
    assert!(
        stderr.contains("`Main.bands` writes elements of the array in static field `Main.grid`")
            && stderr.contains("`Main.swapped` writes elements"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "SOMD method `Main.counted` writes static field `Main.calls`: it runs as one method \
             instance on the CPU"
        ) && stderr.contains("Main.somd:8:13"),
        "{stderr}"
    );
    assert!(
        stderr.contains("SOMD method `Main.loud` prints") && stderr.contains("Main.somd:15:9"),
        "{stderr}"
    );
    // `check` reports the same warnings as `build` (probe 65: it printed none of them).
    let checked = run(somdc().arg("check").arg(&program));
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
    assert_eq!(text(&checked.stderr).matches("warning[W0304]").count(), 4);
    // So does `explain`, which checks the program as `check` does (probe 77: it printed
    // none of them).
    let explained = run(somdc().arg("explain").arg(&program));
    assert_eq!(explained.status.code(), Some(0), "{}", text(&explained.stderr));
    assert_eq!(text(&explained.stderr).matches("warning[W0304]").count(), 4);
    // Three threads print what the sequential run prints (one MI each time).
    let seq = run(somdc().arg("run").arg(&program).env("SOMD_DEVICE", "seq"));
    let ran =
        run(somdc().arg("run").arg(&program).env("SOMD_DEVICE", "cpu").env("SOMD_THREADS", "3"));
    assert_eq!(ran.status.code(), Some(0), "{}", text(&ran.stderr));
    assert_eq!(text(&ran.stdout), text(&seq.stdout));
}

/// A placement-file rule naming no method of the program (a misspelt class or method) is
/// reported once when the file is read; a rule naming a method, or an operator `!` of one
/// as `SOMD_TRACE` names it (`+ ! in Main.main`), is not, and the program runs.
#[test]
fn placement_rules_naming_no_method_are_reported() {
    let program = source(
        "placement-rules",
        "Main.somd",
        r#"public class Main {
    static reduce(+) long total(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[[]] v = new int[[]]{4, 5, 6};
        System.out.println(total(new int[]{1, 2, 3}) + (+ ! v));
    }
}
"#,
    );
    // TOML as any TOML reader takes it (`toml_edit`): a byte order mark, tables, a
    // multi-line literal string, an escape in a key.
    let rules = source(
        "placement-rules",
        "rules.toml",
        "\u{feff}\"Main.totl\" = \"gpu\"\n\"Mian.total\" = \"cpu\"\n[placement]\n\
         \"+ ! in Main.\\u006Dain\" = \"cpu\"\n\"* ! in Main.main\" = \"cpu\"\n\
         [Main]\ntotal = '''\ncpu'''\n",
    );
    let seq = run(somdc().arg("run").arg(&program).env("SOMD_DEVICE", "seq"));
    let out = run(somdc()
        .arg("run")
        .arg(&program)
        .env_remove("SOMD_DEVICE")
        .env("SOMD_CONFIG", &rules)
        .env("SOMD_TRACE", "1"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), text(&seq.stdout));
    let stderr = text(&out.stderr);
    for label in ["Main.total", "\"+ ! in Main.main\""] {
        let placed = format!("placement name={label} placement=cpu reason=somd.toml");
        assert!(stderr.contains(&placed), "{placed}\n{stderr}");
    }
    for key in ["Main.totl", "Mian.total", "* ! in Main.main"] {
        let line = format!("rule \"{key}\" names no method of this program; rule ignored");
        assert_eq!(stderr.matches(&line).count(), 1, "{stderr}");
    }
    assert!(!stderr.contains("rule \"Main.total\""), "{stderr}");
    assert!(!stderr.contains("rule \"+ ! in Main.main\""), "{stderr}");
}

/// `--unchecked` writes the kernels without their bounds checks and `--fast-math` without
/// the pragma that forbids contraction (LANGUAGE.md §1.5, §1.6); the host code is the same,
/// and a correct program prints the same under `--unchecked` on the device.
#[test]
fn unchecked_and_fast_math_change_only_the_kernels() {
    let program = source(
        "kernel-options",
        "Main.somd",
        r#"public class Main {
    static float[] roots(dist float[] a, int[] idx) {
        float[] r = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (float) Math.sqrt(a[i]) + idx[i % idx.length];
        }
        return r;
    }

    public static void main(String[] args) {
        float[] a = new float[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        float[] r = roots(a, new int[]{1, 2, 3});
        System.out.println(r[999] + " " + r[500]);
    }
}
"#,
    );
    let kernels = |flag: Option<&str>| {
        let dir = scratch().join("kernel-options").join(flag.unwrap_or("plain"));
        let _ = std::fs::remove_dir_all(&dir);
        let mut command = somdc();
        command.arg("build").arg(&program).arg("-o").arg(&dir).arg("--emit-kernels");
        command.args(flag);
        let out = run(&mut command);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let mut all = String::new();
        for entry in std::fs::read_dir(dir.join("kernels")).expect("kernels").flatten() {
            all.push_str(&std::fs::read_to_string(entry.path()).expect("kernel text"));
        }
        all
    };
    let plain = kernels(None);
    assert!(plain.contains("SOMD_INDEX(") && plain.contains("FP_CONTRACT OFF"), "{plain}");
    let unchecked = kernels(Some("--unchecked"));
    assert!(!unchecked.contains("SOMD_INDEX(") && unchecked.contains("FP_CONTRACT OFF"));
    let fast = kernels(Some("--fast-math"));
    assert!(fast.contains("SOMD_INDEX(") && !fast.contains("FP_CONTRACT OFF"), "{fast}");
    // The sequential placement is the reference; the device runs the kernels.
    let outputs: Vec<String> = [("seq", None), ("opencl", None), ("opencl", Some("--unchecked"))]
        .into_iter()
        .map(|(device, flag)| {
            let mut command = somdc();
            command.arg("run").arg(&program).args(flag);
            let out = run(command.env("SOMD_DEVICE", device));
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            text(&out.stdout)
        })
        .collect();
    assert!(outputs.iter().all(|o| *o == outputs[0]), "{outputs:?}");
}

#[test]
fn build_of_a_wrong_program_fails_without_writing() {
    let program = source("build-bad", "bad.somd", BAD);
    let out_dir = scratch().join("build-bad").join("project");
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = run(somdc().arg("build").arg(&program).arg("-o").arg(&out_dir));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error[E"));
    assert!(out.stdout.is_empty());
    assert!(!out_dir.exists());
}

#[test]
fn build_reports_a_missing_runtime() {
    let program = source("no-runtime", "good.somd", GOOD);
    let out = run(somdc()
        .env("SOMD_RUNTIME", scratch().join("no-such-runtime"))
        .arg("build")
        .arg(&program)
        .arg("-o")
        .arg(scratch().join("no-runtime").join("project")));
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("runtime crate") && stderr.contains("SOMD_RUNTIME"), "{stderr}");
}

#[test]
fn run_passes_arguments_output_and_exit_status_through() {
    let good = source("run", "echo.somd", GOOD);
    let out = run(somdc().arg("run").arg(&good).args(["--", "a b", "-x", "--", "7"]));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "args 4\na b\n-x\n--\n7\n");
    assert!(text(&out.stderr).ends_with("to stderr\n"), "{}", text(&out.stderr));

    let throws = source("run", "throws.somd", THROWS);
    let out = run(somdc().arg("run").arg(&throws));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "before\n");
    let stderr = text(&out.stderr);
    let mut lines = stderr.lines().rev();
    let at = lines.next().unwrap_or_default();
    let exception = lines.next().unwrap_or_default();
    assert_eq!(exception, "Exception in thread \"main\" java.lang.ArithmeticException: / by zero");
    assert!(at.starts_with("\tat ") && at.ends_with("throws.somd:6:28"), "{stderr}");
}

#[test]
fn run_of_a_wrong_program_prints_diagnostics_and_exits_1() {
    let bad = source("run-bad", "bad.somd", BAD);
    let out = run(somdc().arg("run").arg(&bad));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("error[E"));
}

/// The binary a cache note names (`somdc: cache hit: PATH`).
fn cached_binary(stderr: &str) -> Option<PathBuf> {
    stderr.lines().find_map(|l| l.strip_prefix("somdc: cache hit: ")).map(PathBuf::from)
}

fn modified(path: &Path) -> std::time::SystemTime {
    std::fs::metadata(path).and_then(|m| m.modified()).expect("binary exists")
}

#[test]
fn an_unchanged_program_is_served_from_the_cache() {
    // A program no other test uses, so the first run here is the one that builds it.
    let unique = format!("// {}\n{GOOD}", std::process::id());
    let program = source("cache", "cached.somd", &unique);
    let first = run(somdc().env("SOMD_CACHE_VERBOSE", "1").arg("run").arg(&program));
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert!(text(&first.stderr).contains("somdc: building "), "{}", text(&first.stderr));

    let second =
        run(somdc().env("SOMD_CACHE_VERBOSE", "1").arg("run").arg(&program).arg("--").arg("x"));
    assert_eq!(second.status.code(), Some(0));
    assert_eq!(text(&second.stdout), "args 1\nx\n");
    let stderr = text(&second.stderr);
    assert!(!stderr.contains("somdc: building"), "{stderr}");
    let binary = cached_binary(&stderr).expect("a cache-hit note");
    let before = modified(&binary);

    let third = run(somdc().env("SOMD_CACHE_VERBOSE", "1").arg("run").arg(&program));
    assert_eq!(cached_binary(&text(&third.stderr)), Some(binary.clone()));
    assert_eq!(modified(&binary), before, "the cached binary was rebuilt");

    // A change makes a new entry.
    std::fs::write(&program, format!("{unique}// changed\n")).expect("write");
    let changed = run(somdc().env("SOMD_CACHE_VERBOSE", "1").arg("run").arg(&program));
    assert_eq!(changed.status.code(), Some(0));
    assert!(text(&changed.stderr).contains("somdc: building "));
}

/// A cached binary changed since its build (emptied, truncated: an interrupted write) is
/// built again, not run (probe 109: an emptied one exited 0 printing nothing, a truncated
/// one crashed with SIGSEGV).
#[test]
fn a_damaged_cached_binary_is_built_again() {
    let unique = format!("// damaged {}\n{GOOD}", std::process::id());
    let program = source("damaged", "damaged.somd", &unique);
    let first = run(somdc().env("SOMD_CACHE_VERBOSE", "1").arg("run").arg(&program));
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let second = run(somdc().env("SOMD_CACHE_VERBOSE", "1").arg("run").arg(&program));
    let binary = cached_binary(&text(&second.stderr)).expect("a cache-hit note");
    // Emptied, truncated, and truncated then removed (its hard-linked copy under `deps/`,
    // truncated too, stays: cargo would link it back as fresh).
    for (damage, remove) in [(0usize, false), (4096, false), (0, true)] {
        let bytes = std::fs::read(&binary).expect("the cached binary");
        std::fs::write(&binary, &bytes[..damage.min(bytes.len())]).expect("damage it");
        if remove {
            std::fs::remove_file(&binary).expect("remove it");
        }
        let out =
            run(somdc().env("SOMD_CACHE_VERBOSE", "1").arg("run").arg(&program).args(["--", "x"]));
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert_eq!(text(&out.stdout), "args 1\nx\n", "{stderr}");
        assert!(stderr.contains("somdc: cached binary changed since its build"), "{stderr}");
        assert!(stderr.contains("somdc: building "), "{stderr}");
        // Built again: the next run is served from the cache.
        let again = run(somdc().env("SOMD_CACHE_VERBOSE", "1").arg("run").arg(&program));
        assert_eq!(cached_binary(&text(&again.stderr)), Some(binary.clone()));
    }
}

#[test]
fn concurrent_runs_of_one_program_share_the_cache_safely() {
    let unique = format!("// concurrent {}\n{GOOD}", std::process::id());
    let program = source("concurrent", "same.somd", &unique);
    let children: Vec<_> = (0..3)
        .map(|i| {
            somdc()
                .arg("run")
                .arg(&program)
                .arg("--")
                .arg(i.to_string())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("spawn somdc")
        })
        .collect();
    for (i, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().expect("somdc finishes");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), format!("args 1\n{i}\n"));
    }
}

#[test]
fn dev_dumps_and_verifies_the_mir() {
    let good = source("dev", "good.somd", GOOD);
    let out = run(somdc().args(["dev", "--dump-mir", "--verify"]).arg(&good));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("main"), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("MIR verified"));
    let help = run(somdc().arg("--help"));
    let listed = text(&help.stdout).lines().any(|l| l.split_whitespace().next() == Some("dev"));
    assert!(!listed, "`dev` is hidden");
}

/// Every emitted Rust file is rustfmt-clean: the samples exercise long expressions,
/// SOMD wrappers and task graphs, which the writer lays out only approximately.
#[test]
fn built_projects_are_rustfmt_clean() {
    let have_rustfmt =
        Command::new("rustfmt").arg("--version").output().is_ok_and(|o| o.status.success());
    if !have_rustfmt {
        eprintln!("SKIPPED: rustfmt is not installed");
        return;
    }
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples");
    let mut checked = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&samples)
        .expect("samples/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "somd"))
        .collect();
    entries.sort();
    for sample in entries {
        let name = sample.file_stem().and_then(|s| s.to_str()).unwrap_or("sample").to_string();
        let out_dir = scratch().join(format!("fmt-{name}"));
        let output = run(somdc().arg("build").arg(&sample).arg("-o").arg(&out_dir));
        assert!(output.status.success(), "{name}: {}", text(&output.stderr));
        let main_rs = out_dir.join("src").join("main.rs");
        let fmt = run(Command::new("rustfmt")
            .args(["--check", "--edition", "2021"])
            .arg(&main_rs)
            .current_dir(&out_dir));
        assert!(
            fmt.status.success(),
            "{name}: main.rs is not rustfmt-clean:\n{}",
            text(&fmt.stdout)
        );
        checked += 1;
    }
    assert!(checked >= 6, "expected the samples, found {checked}");
}

const EXPLAIN: &str = r#"
public class Main {
    static int[] twice(dist int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = 2 * a[i];
        }
        return out;
    }

    static local int noisy(int x) {
        return x + 1;
    }

    static reduce(+) int loud(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += show(a[i]);
        }
        return s;
    }

    static int show(int x) {
        System.out.println(x);
        return x;
    }

    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        System.out.println(twice(a)[2] + loud(a));
    }
}
"#;

/// The text `somdc explain` prints for `program`, which must succeed.
fn explained(program: &Path) -> String {
    let out = run(somdc().arg("explain").arg(program));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// `explain` of a local holding SOMD results that starts from another name's array (`double[]
/// y = x;`, `double[][] g = u;`, the other used later) says that its first value is that
/// array, uploaded by every call reading it (`LazyLocal::borrowed`); a local starting from a
/// move (`x` not used again) is no borrow.
#[test]
fn explain_names_the_array_a_results_local_borrows() {
    let program = source(
        "explain-borrowed",
        "Main.somd",
        r#"public class Main {
    static double[] half(dist double[] x) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] * 0.5;
        }
        return y;
    }

    static double rounds(double[] x) {
        double[] y = x;
        for (int p = 0; p < 3; p++) {
            y = half(y);
        }
        return y[1] + x[1];
    }

    static double[][] halves(dist double[][] m) {
        double[][] r = new double[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                r[i][j] = m[i][j] * 0.5;
            }
        }
        return r;
    }

    static double grid(double[][] u) {
        double[][] g = u;
        for (int p = 0; p < 3; p++) {
            g = halves(g);
        }
        return g[0][1] + u[0][1];
    }

    static double moved(double[] x) {
        double[] y = half(x);
        double[] z = y;
        for (int p = 0; p < 3; p++) {
            z = half(z);
        }
        return z[1];
    }

    public static void main(String[] args) {
        System.out.println(rounds(new double[] {1, 2, 3}) + moved(new double[] {4, 5})
            + grid(new double[][] {{1, 2}, {3, 4}}));
    }
}
"#,
    );
    let report = explained(&program);
    let borrowed = "its first value is `x`'s array, which `x` still names: every call reading it \
                    uploads it, until a SOMD result replaces it";
    assert_eq!(report.matches(borrowed).count(), 1, "{report}");
    // A matrix borrows as a 1-D array does.
    let grid = "its first value is `u`'s array, which `u` still names";
    assert_eq!(report.matches(grid).count(), 1, "{report}");
    assert!(report.contains("`g` in Main.grid keeps the results"), "{report}");
    assert!(report.contains("`y` in Main.rounds keeps the results"), "{report}");
    assert!(report.contains("`z` in Main.moved keeps the results"), "{report}");
    assert!(!report.contains("`y`'s array"), "{report}");
}

/// `explain` of this session's forms: a helper written into its caller (and one that stays
/// a call because it prints), a parameter holding SOMD results from the caller's array, and
/// a field of an object kept across straight-line statements and by a receiver's calls.
#[test]
fn explain_names_helpers_written_in_and_parameters_holding_results() {
    let program = source(
        "explain-helpers",
        "Main.somd",
        r#"class Mat {
    long[] w;

    Mat(int n) {
        w = new long[n];
    }

    long[] scaled(dist long[] x) {
        int o = Somd.offset(x);
        long[] r = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] * w[o + i];
        }
        return r;
    }
}

public class Main {
    static long[] step(dist long[] x, long[] b) {
        int o = Somd.offset(x);
        long[] y = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] + b[o + i];
        }
        return y;
    }

    static long[] once(long[] c, long[] b) {
        return step(c, b);
    }

    static long[] loud(long[] c, long[] b) {
        System.out.println(c.length);
        return step(c, b);
    }

    static long[] rounds(long[] x, long[] b) {
        for (int r = 0; r < 3; r++) {
            x = step(x, b);
        }
        return x;
    }

    public static void main(String[] args) {
        long[] b = new long[8];
        long[] x = new long[8];
        for (int r = 0; r < 3; r++) {
            x = once(x, b);
        }
        long[] y = loud(x, b);
        Mat m = new Mat(8);
        long[] u = m.scaled(y);
        long[] v = m.scaled(u);
        System.out.println(rounds(new long[8], b)[1] + x[0] + v[1]);
    }
}
"#,
    );
    let report = explained(&program);
    assert_eq!(report.matches("written into").count(), 1, "{report}");
    assert!(report.contains("call of Main.once written into Main.main"), "{report}");
    assert!(report.contains("`x` in Main.rounds keeps the results"), "{report}");
    assert!(report.contains("its first value is the caller's array"), "{report}");
    assert!(report.contains("keep `m.w` on the device across their calls"), "{report}");
}

/// `explain` names the host loops that run as SOMD methods of their own
/// (`outline_loops`), and only those: not a loop writing two arrays one of which another
/// name holds, nor one over an array that another name holds, nor a reduction summing
/// `double`s; a `Math.max` of `long`s over a SOMD result is one, and a loop updating two
/// accumulators is split into one for each (eighty-ninth session).
#[test]
fn explain_names_host_loops_run_as_somd_methods() {
    let program = source(
        "explain-outlined",
        "Main.somd",
        r#"public class Main {
    static int[] count(dist int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k;
        }
        return r;
    }

    public static void main(String[] args) {
        int[] a = new int[64];
        int[] h = new int[64];
        int[] g = new int[64];
        int[] f = new int[64];
        int[] e = f;
        long t = 0;
        int s = 0;
        double d = 0;
        for (int r = 0; r < 4; r++) {
            int[] c = count(a, r);
            for (int i = 0; i < 64; i++) {
                h[i] += c[i] / 3;
            }
            for (int i = 0; i < 64; i++) {
                g[i] += c[i];
                f[i] -= c[i];
            }
            for (int i = 0; i < 64; i++) {
                f[i] += c[i];
            }
            for (int i = 0; i < c.length; i++) {
                t = Math.max(t, c[i] * 3L);
                s += c[i];
            }
            for (int i = 0; i < c.length; i++) {
                t = Math.max(t, c[i] * 3L);
            }
            for (int i = 0; i < c.length; i++) {
                d += c[i] * 0.5;
            }
            long best = Long.MIN_VALUE;
            int at = -1;
            for (int i = 0; i < c.length; i++) {
                if (c[i] * 2L >= best) {
                    best = c[i] * 2L;
                    at = i;
                }
            }
            int hit = -1;
            for (int i = 0; i < c.length; i++) {
                if (c[i] == 7) {
                    hit = i;
                    break;
                }
            }
            for (int i = 0; i < 64; i++) {
                if (c[i] > 9) {
                    hit = i + 1;
                    break;
                }
            }
            System.out.println(best + at + hit);
        }
        e = a;
        System.out.println(h[1] + g[2] + f[3] + e[0] + t + s + d);
    }
}
"#,
    );
    let report = explained(&program);
    assert_eq!(report.matches("runs as the SOMD method").count(), 6, "{report}");
    assert!(
        report
            .contains("Main.somd:21:22: loop in Main.main runs as the SOMD method Main.main$loop1"),
        "{report}"
    );
    assert!(report.contains("SOMD method Main.main$loop1\n"), "{report}");
    // Reductions exact in any order, the one updating two accumulators split; not a
    // `double` sum.
    for (at, looped, acc, op) in
        [("31:22", 2, "t", "max"), ("31:22", 3, "s", "+"), ("35:22", 4, "t", "max")]
    {
        let reduces = format!(
            "Main.somd:{at}: loop in Main.main runs as the SOMD method Main.main$loop{looped} \
             (it reduces into `{acc}` with `{op}`, exactly in any order"
        );
        assert!(report.contains(&reduces), "{reduces}\n{report}");
        assert!(report.contains(&format!("SOMD method Main.main$loop{looped}\n")), "{report}");
    }
    // An argument extremum (ninety-first session).
    let extremum = "Main.somd:43:22: loop in Main.main runs as the SOMD method Main.main$loop5 \
                    (it keeps the extremum `best` and what the iteration that sets it sets";
    assert!(report.contains(extremum), "{extremum}\n{report}");
    // A search (ninety-second session).
    let search = "Main.somd:50:22: loop in Main.main runs as the SOMD method Main.main$loop6 \
                  (it is a search, leaving at its first match, and the call assigns what that \
                  iteration assigns";
    assert!(report.contains(search), "{search}\n{report}");
    // The loops reading `c` that stay as written say why, and where (ninety-first session):
    // stores to two arrays that no split takes, an array that is another's too, a `double`
    // sum, a search whose test may read past `c` (ninety-second session).
    for (at, why) in [
        ("24:22", "the store to `f`, which a loop made a method does not hold"),
        ("28:22", "`f` may lend its elements to another name"),
        ("38:22", "its reduction of `d` with `+` is not exact in another order"),
        ("56:22", "its search's test may fail or have an effect in the iterations after Java's"),
    ] {
        let stays = format!(
            "Main.somd:{at}: loop in Main.main, reading `c`, which SOMD calls make, stays on \
             the host: {why}"
        );
        assert!(report.contains(&stays), "{stays}\n{report}");
    }
    assert!(report.contains("`if`s of those) (at "), "{report}");
    assert!(report.contains("Main.somd:26:17)\n"), "{report}");
    let refused = "its start a constant of at least 0) (at ";
    assert!(report.contains(refused) && report.contains("Main.somd:57:21)\n"), "{report}");
    assert_eq!(report.matches("stays on the host").count(), 4, "{report}");
}

/// Host nests over SOMD results (ninety-third session): `explain` names the methods a
/// matrix's sum and a store into a matrix's rows become, reports a nest that stays once, at
/// its outer loop, with the statement at fault (its inner loop, reading at places the outer
/// loop changes, says nothing), and names the statement of a search's block that no search
/// holds rather than an assignment before it.
#[test]
fn explain_names_host_nests_run_as_somd_methods() {
    let program = source(
        "explain-nests",
        "Main.somd",
        r#"public class Main {
    static long[][] step(dist long[][] m, long k) {
        long[][] r = new long[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                r[i][j] = m[i][j] * 3 + k;
            }
        }
        return r;
    }

    public static void main(String[] args) {
        long[][] m = new long[64][64];
        long[][] w = new long[64][64];
        long s = 0;
        int pos = -1;
        int c = 0;
        for (int r = 0; r < 4; r++) {
            m = step(m, r);
            for (int i = 0; i < m.length; i++) {
                for (int j = 0; j < m[i].length; j++) {
                    s += m[i][j];
                }
            }
            for (int i = 0; i < 64; i++) {
                for (int j = 0; j < 64; j++) {
                    w[i][j] = m[i][j] / 2;
                }
            }
            for (int i = 0; i < 64; i++) {
                long t = 0;
                for (int j = 0; j < 8; j++) {
                    t += m[i][j];
                }
                System.out.println(t);
            }
            for (int i = 0; i < 64; i++) {
                if (m[i][0] == 7) {
                    pos = i;
                    c += 3;
                    break;
                }
            }
        }
        System.out.println(s + w[1][2] + pos + c);
    }
}
"#,
    );
    let report = explained(&program);
    assert_eq!(report.matches("runs as the SOMD method").count(), 2, "{report}");
    let sum = "Main.somd:20:22: loop in Main.main runs as the SOMD method Main.main$loop1 (it \
               reduces into `s` with `+`";
    assert!(report.contains(sum), "{sum}\n{report}");
    let rows = "Main.somd:25:22: loop in Main.main runs as the SOMD method Main.main$loop2 (it \
                writes only its own row of one matrix per iteration";
    assert!(report.contains(rows), "{rows}\n{report}");
    for (at, why, inside) in [
        ("30:22", "the output, which a loop made a method does not hold", "35:17"),
        ("37:22", "the update of `c` in a search's `{ ..; break; }`", "40:21"),
    ] {
        let stays = format!(
            "Main.somd:{at}: loop in Main.main, reading `m`, which SOMD calls make, stays on \
             the host: {why}"
        );
        assert!(report.contains(&stays), "{stays}\n{report}");
        assert!(report.contains(&format!("Main.somd:{inside})\n")), "{report}");
    }
    assert_eq!(report.matches("stays on the host").count(), 2, "{report}");
}

/// A host loop storing an array and summing it in `double`s is split (eighty-ninth session):
/// `explain` names the method the stores become, and says that the sum stays on the host,
/// in Java's order.
#[test]
fn explain_says_which_part_of_a_split_loop_stays_on_the_host() {
    let program = source(
        "explain-split-host",
        "Main.somd",
        r#"public class Main {
    static double[] scale(dist double[] a, double k) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 1000;
        double[] x = new double[n];
        double[] r = new double[n];
        double rr = 0;
        for (int round = 0; round < 4; round++) {
            double[] q = scale(x, 0.5);
            for (int i = 0; i < n; i++) {
                r[i] = r[i] - q[i] * 0.25 + 1;
                rr += r[i] * r[i];
            }
            x = scale(r, 2.0);
        }
        System.out.println(rr + x[1]);
    }
}
"#,
    );
    let report = explained(&program);
    let stores = "Main.somd:17:22: loop in Main.main runs as the SOMD method Main.main$loop1 (it \
                  writes one element of one array per iteration";
    assert!(report.contains(stores), "{report}");
    let sum = "Main.somd:17:22: loop in Main.main keeps its last part, the reduction into `rr`, \
               on the host, in Java's order";
    assert!(report.contains(sum), "{report}");
    assert_eq!(report.matches("runs as the SOMD method").count(), 1, "{report}");
}

/// A host loop calling a helper that reads a static field the program changes runs as a
/// SOMD method that no device runs: `explain` says so at the loop, and the method's entry
/// gives the reason; the loop calling a helper of constants is a kernel.
#[test]
fn explain_says_which_outlined_loops_no_device_runs() {
    let program = source(
        "explain-outlined-cpu",
        "Main.somd",
        r#"public class Main {
    static int bias = 0;

    static int mix(int v) {
        return v % 100 + bias;
    }

    static int sq(int v) {
        return v * v;
    }

    static int[] step(dist int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 31 + k;
        }
        return r;
    }

    public static void main(String[] args) {
        int[] a = new int[64];
        int[] h = new int[64];
        long t = 0;
        for (int r = 0; r < 3; r++) {
            bias = bias * 7 + r;
            a = step(a, r);
            for (int i = 0; i < a.length; i++) {
                h[i] += mix(a[i]);
            }
            for (int i = 0; i < a.length; i++) {
                t += sq(a[i]);
            }
        }
        System.out.println(h[1] + " " + t);
    }
}
"#,
    );
    let report = explained(&program);
    let mixed = "Main.somd:27:22: loop in Main.main runs as the SOMD method Main.main$loop1 (it \
                 writes one element of one array per iteration, over arrays that SOMD calls \
                 make or read: no device runs it (see the method's entry); on the CPU the \
                 pool's threads split its range)";
    assert!(report.contains(mixed), "{report}");
    let entry = report.split("SOMD method Main.main$loop1\n").nth(1).unwrap_or_default();
    assert!(entry.trim_start().starts_with("runs on: CPU"), "{report}");
    let squared = "Main.somd:30:22: loop in Main.main runs as the SOMD method Main.main$loop2 (it \
                   reduces into `t` with `+`, exactly in any order, over arrays that SOMD calls \
                   make: on a device it is a kernel, and those arrays stay there; on the CPU \
                   the pool's threads split its range)";
    assert!(report.contains(squared), "{report}");
}

/// `explain` says where each SOMD method runs and names what blocks the ineligible one:
/// the construct, its position and the call chain.
#[test]
fn explain_names_the_blocking_construct() {
    let program = source("explain", "Main.somd", EXPLAIN);
    let report = explained(&program);
    let section = |label: &str| -> String {
        let start = report.find(label).unwrap_or_else(|| panic!("no {label} in:\n{report}"));
        let rest = &report[start..];
        // The section ends where a line starts without indentation.
        let end = rest
            .match_indices('\n')
            .map(|(i, _)| i + 1)
            .find(|&i| rest[i..].chars().next().is_some_and(|c| c != ' '))
            .unwrap_or(rest.len());
        rest[..end].to_string()
    };
    let twice = section("SOMD method Main.twice");
    assert!(twice.contains("OpenCL device when available"), "{twice}");
    let loud = section("SOMD method Main.loud");
    assert!(loud.contains("runs on: CPU"), "{loud}");
    assert!(loud.contains("print"), "the blocker is the println: {loud}");
    assert!(loud.contains("Main.somd:24:9"), "the println's position: {loud}");
    assert!(loud.contains("Main.show"), "the call chain: {loud}");
    // A program with errors is reported like `check` and exits 1.
    let bad = source("explain", "bad.somd", BAD);
    let out = run(somdc().arg("explain").arg(&bad));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error["), "{}", text(&out.stderr));
}

/// A task that runs on the host says which `@` and `!` of its worker run on the device:
/// `nbody.somd`'s filter of `Body[[]]` batches and its sink, each one `@`.
#[test]
fn explain_names_the_device_parts_of_a_task_on_the_cpu() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/nbody.somd");
    let out = run(somdc().arg("explain").arg(&sample));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let lines: Vec<&str> = report.lines().collect();
    for (task, inner) in [
        ("task NBody.computeForces", "its worker's @ NBody.computeParticleForces at "),
        ("task NBody.forceAccumulator", "its worker's @ NBody.integrate at "),
    ] {
        let at = lines.iter().position(|l| l.ends_with(task)).unwrap_or_else(|| {
            panic!("no {task} in:\n{report}");
        });
        let section: Vec<&str> =
            lines[at + 1..].iter().take_while(|l| l.starts_with(' ')).copied().collect();
        assert!(section.contains(&"  runs on: CPU"), "{task}: {section:?}");
        assert!(
            section.iter().any(|l| l.contains(inner) && l.contains("runs on the OpenCL device")),
            "{task}: {section:?}"
        );
    }
    // A task whose worker has no device part says nothing more.
    let source = lines.iter().position(|l| l.ends_with("task NBody.particleGen"));
    let section = source.map(|at| lines[at + 1..].iter().take_while(|l| l.starts_with(' ')));
    let section: Vec<&&str> = section.map(Iterator::collect).unwrap_or_default();
    assert!(!section.is_empty(), "no task NBody.particleGen in:\n{report}");
    assert!(!section.iter().any(|l| l.contains("its worker's")), "{report}");
}

/// `explain` says, in one line per loop, which host loops keep unchanged mutable arrays on
/// the device across their calls (`analysis::keep`), and names only the arrays they never
/// write.
#[test]
fn explain_says_which_loops_keep_arrays_on_the_device() {
    let program = source(
        "explain-keep",
        "Main.somd",
        r#"public class Main {
    static reduce(+) int sum(dist int[] a, dist int[] b) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[64];
        int[] b = new int[64];
        int t = 0;
        for (int k = 0; k < 4; k++) {
            t += sum(a, b);
            b[k] = t;
        }
        for (int k = 0; k < 4; k++) {
            t += sum(a, b);
            b[b[k] & 63] = t;
        }
        System.out.println(t);
    }
}
"#,
    );
    let report = explained(&program);
    let lines: Vec<&str> = report.lines().filter(|l| l.contains("keeps")).collect();
    assert_eq!(lines.len(), 2, "{report}");
    assert!(
        lines[0].ends_with(
            "Main.somd:14:25: loop in Main.main keeps `a`, `b` on the device across its calls (the \
             loop stores only elements of `b`; a call sends just the part changed since the \
             previous one)"
        ),
        "{report}"
    );
    // A store at an index read from the array cannot be marked: the loop keeps only `a`.
    assert!(
        lines[1].ends_with(
            "Main.somd:18:25: loop in Main.main keeps `a` on the device across its calls (the loop never writes it)"
        ),
        "{report}"
    );
}

/// `explain` says which `@`s apply their target in Java's order on one thread: a target
/// writing into its array argument, one writing a field of a broadcast object; a target
/// only reading the object is not.
#[test]
fn explain_says_which_maps_run_in_order() {
    let program = source(
        "explain-in-order",
        "Main.somd",
        r#"class Box {
    int v;
    Box() { }
}
public class Main {
    static local int fill(int i, int[] acc) { acc[i % 4] += i; return i; }
    static local int bump(int i, Box b) { b.v++; return b.v; }
    static local int peek(int i, Box b) { return b.v + i; }
    public static void main(String[] args) {
        int[] acc = new int[4];
        Box b = new Box();
        int[[]] x = Main @ fill(Somd.range(8), acc);
        int[[]] y = Main @ bump(Somd.range(8), b);
        int[[]] z = Main @ peek(Somd.range(8), b);
        System.out.println(x[7] + y[7] + z[7]);
    }
}
"#,
    );
    let report = explained(&program);
    let in_order: Vec<&str> =
        report.lines().filter(|l| l.contains("one after the other, in Java's order")).collect();
    assert_eq!(
        in_order,
        [
            "  on the CPU: its applications one after the other, in Java's order (the target \
             writes into an array argument)",
            "  on the CPU: its applications one after the other, in Java's order (the target \
             writes state its applications share)",
        ],
        "{report}"
    );
    let peek = report.split("@ Main.peek").nth(1).expect("the third @ is explained");
    assert!(!peek.contains("one after the other"), "{report}");
}

/// `build --emit-kernels` writes one standalone `.cl` file per kernel under `DIR/kernels/`,
/// headed by its source method and position; the program embeds the kernels itself.
#[test]
fn build_emits_one_kernel_file_per_kernel() {
    let program = source("emit-kernels", "Main.somd", EXPLAIN);
    let out_dir = scratch().join("emit-kernels").join("project");
    let _ = std::fs::remove_dir_all(&out_dir);
    std::fs::create_dir_all(out_dir.join("kernels")).expect("kernels dir");
    std::fs::write(out_dir.join("kernels").join("stale.cl"), "old").expect("stale file");
    let out = run(somdc().arg("build").arg(&program).arg("-o").arg(&out_dir).arg("--emit-kernels"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut files: Vec<String> = std::fs::read_dir(out_dir.join("kernels"))
        .expect("kernels/")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    files.sort();
    assert_eq!(files, ["Main_twice.cl"], "one file per kernel, stale ones removed");
    let kernel = std::fs::read_to_string(out_dir.join("kernels/Main_twice.cl")).expect("read");
    let head: String = kernel.lines().take(6).collect::<Vec<_>>().join("\n");
    assert!(head.contains("Main.twice") && head.contains("Main.somd:3:"), "{head}");
    assert!(kernel.contains("__kernel void Main_twice("), "{kernel}");
    let main_rs = std::fs::read_to_string(out_dir.join("src/main.rs")).expect("main.rs");
    assert!(main_rs.contains("__kernel void Main_twice("), "the kernels are embedded");
    // Without the flag no kernels directory is written.
    let plain = scratch().join("emit-kernels").join("plain");
    let _ = std::fs::remove_dir_all(&plain);
    let out = run(somdc().arg("build").arg(&program).arg("-o").arg(&plain));
    assert_eq!(out.status.code(), Some(0));
    assert!(!plain.join("kernels").exists());
}

/// A library function in a kernel file is headed by its place in `stdlib/` (probe 109: a
/// `Math.max` read `(:0:648)`, an empty file name, line 0 and a byte offset).
#[test]
fn emitted_library_functions_name_their_stdlib_position() {
    let program = source(
        "emit-stdlib",
        "Main.somd",
        r#"public class Main {
    static reduce(max) int big(dist int[] a) {
        int m = 0;
        for (int i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]));
        return m;
    }

    public static void main(String[] args) {
        System.out.println(big(new int[] {3, -9, 4}));
    }
}
"#,
    );
    let out_dir = scratch().join("emit-stdlib").join("project");
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = run(somdc().arg("build").arg(&program).arg("-o").arg(&out_dir).arg("--emit-kernels"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The one kernel of `big`, whatever its form names it.
    let files: Vec<PathBuf> = std::fs::read_dir(out_dir.join("kernels"))
        .expect("kernels/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let kernel = std::fs::read_to_string(&files[0]).expect("read");
    let headers: Vec<&str> = kernel.lines().filter(|l| l.starts_with("/* Math.")).collect();
    assert_eq!(headers.len(), 2, "{kernel}");
    for header in headers {
        assert!(header.contains("(stdlib/math.somd:"), "{header}");
        let (line, col) = header
            .rsplit_once("math.somd:")
            .and_then(|(_, at)| at.trim_end_matches(") */").split_once(':'))
            .expect("line:col");
        let line: usize = line.parse().expect("a line");
        let col: usize = col.parse().expect("a column");
        let library = include_str!("../../../stdlib/math.somd");
        let text = library.lines().nth(line - 1).expect("the line exists");
        assert!(text[col - 1..].starts_with("static"), "{header}: {text}");
    }
}

/// A `@` target that makes a `null` value-class reference stays on the CPU, and `explain`
/// names the `null` and its position; every other `@` of the program keeps its kernel
/// (before, the OpenCL writer failed on the `null` and no kernel was generated at all).
#[test]
fn explain_keeps_the_other_kernels_of_a_null_value() {
    let program =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run/device_null_value.somd");
    let report = explained(&program);
    let lines: Vec<&str> = report.lines().collect();
    let section = |subject: &str| -> String {
        let at = lines.iter().position(|l| l.ends_with(subject)).unwrap_or_else(|| {
            panic!("no {subject} in:\n{report}");
        });
        lines[at + 1..]
            .iter()
            .take_while(|l| l.starts_with(' '))
            .copied()
            .collect::<Vec<_>>()
            .join("\n")
    };
    for (target, null_at) in
        [("mkW", "device_null_value.somd:26:26"), ("depth", "device_null_value.somd:32:15")]
    {
        let text = section(&format!("@ Main.{target}"));
        assert!(text.contains("runs on: CPU"), "{target}: {text}");
        assert!(text.contains("`null`") && text.contains(null_at), "{target}: {text}");
    }
    for target in ["twice", "wrap", "unwrap"] {
        let text = section(&format!("@ Main.{target}"));
        assert!(text.contains("OpenCL device when available"), "{target}: {text}");
    }
    assert!(!report.contains("note:"), "no kernel is lost: {report}");
    let out_dir = scratch().join("null-value").join("project");
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = run(somdc().arg("build").arg(&program).arg("-o").arg(&out_dir).arg("--emit-kernels"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("no kernels were generated"), "{}", text(&out.stderr));
    let mut files: Vec<String> = std::fs::read_dir(out_dir.join("kernels"))
        .expect("kernels/")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    files.sort();
    assert_eq!(files, ["map_Main_twice.cl", "map_Main_unwrap.cl", "map_Main_wrap.cl"]);
}

/// `explain` says which instance SOMD methods write their receiver's field arrays on a device
/// and, for those that keep the CPU path, which use of `this` keeps them there and where.
#[test]
fn explain_says_what_instance_methods_do_with_their_receiver() {
    let program = source(
        "explain-instance",
        "Main.somd",
        r#"public class Main {
    int k;
    boolean[] z;
    float[][] m;
    int[] w;

    void put(dist int[] x) {
        for (int i = 0; i < x.length; i++) {
            w[Somd.offset(x) + i] = x[i] * k;
        }
    }

    void count(dist int[] x) {
        for (int i = 0; i < x.length; i++) {
            k = x[i];
        }
    }

    void flags(dist int[] x) {
        for (int i = 0; i < x.length; i++) {
            flag(z, i, x[i] > 0);
        }
    }

    void rows(dist int[] x) {
        for (int i = 0; i < x.length; i++) {
            m[i] = new float[2];
        }
    }

    reduce(+) int same(dist int[] x) {
        return w == null ? 0 : x.length;
    }

    void first(dist int[] x) {
        for (int i = 0; i < x.length; i++) {
            scale(m[0], x[i]);
        }
    }

    static void flag(boolean[] b, int at, boolean on) {
        b[at] = on;
    }

    static void scale(float[] row, int by) {
        for (int j = 0; j < row.length; j++) {
            row[j] *= by;
        }
    }

    public static void main(String[] args) { }
}
"#,
    );
    let report = explained(&program);
    for note in [
        "note: Main.put reads its receiver's fields `w`, `k` (writing elements of `w`, which a \
         device call downloads back into the receiver's arrays)",
        // A helper writes the `boolean` field array it is passed.
        "note: Main.flags reads its receiver's fields `z` (writing elements of `z`, which a \
         device call downloads back into the receiver's arrays)",
        "note: Main.first reads its receiver's fields `m` (writing elements of `m`, which a \
         device call downloads back into the receiver's arrays)",
    ] {
        assert!(report.contains(note), "{note}\n{report}");
    }
    // Lifted, but the helper writes another iteration's row.
    assert!(
        report.contains(
            "not on the device: loop is not parallel: call of `Main.scale`, which writes a row \
             of `this_m` other than the iteration's own"
        ),
        "{report}"
    );
    for (why, at) in [
        ("a write to a field of the receiver", "Main.somd:15:13"),
        ("a row of a 2-D field array replaced", "Main.somd:27:13"),
        ("a field array used other than through", "Main.somd:32:16"),
    ] {
        let line = report.lines().find(|l| l.contains(why)).unwrap_or_else(|| panic!("{report}"));
        assert!(line.contains("not on the device: instance SOMD method: "), "{line}");
        assert!(line.ends_with(at), "{line}");
    }
}

/// `explain` names the instance helpers a lifted method calls on `this`, and where a helper
/// writes a field, the call that keeps its caller on the CPU.
#[test]
fn explain_names_instance_helpers() {
    let program = source(
        "explain-helpers",
        "Main.somd",
        r#"public class Main {
    float k;
    float[] w;
    int count;

    float weight(int i) {
        return w[i % w.length] * scaled();
    }

    float scaled() {
        return k * 2;
    }

    float noted(int i) {
        count = i;
        return k;
    }

    float[] apply(dist float[] a) {
        float[] r = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * weight(i);
        }
        return r;
    }

    float[] mark(dist float[] a) {
        float[] r = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * noted(i);
        }
        return r;
    }

    public static void main(String[] args) { }
}
"#,
    );
    let report = explained(&program);
    let note = "note: Main.apply reads its receiver's fields `w`, `k` (read-only) and calls the \
                instance helpers `Main.scaled`, `Main.weight` (their device copies take the \
                fields they read): on a device they are kernel arguments after the method's own";
    assert!(report.contains(note), "{note}\n{report}");
    let line = report
        .lines()
        .find(|l| l.contains("a call on `this` of an instance method that writes"))
        .unwrap_or_else(|| panic!("{report}"));
    assert!(line.contains("not on the device: instance SOMD method: "), "{line}");
    assert!(line.ends_with("Main.somd:30:27"), "{line}");
}

/// `explain` names the `static final int` fields and static arrays' lengths a SOMD method's
/// device copy takes as arguments, and the loop they bound is parallel with them as sizes.
#[test]
fn explain_names_static_final_sizes() {
    let program = source(
        "explain-static-sizes",
        "Main.somd",
        r#"public class Main {
    static final int W = Main.width(6);
    static final float[[]] GAIN = new float[[]]{0.5f, 2f, 1.5f};

    static int width(int n) {
        return n + 2;
    }

    static float[][] head(dist(dim = 1) float[][] m) {
        float[][] r = new float[m.length][W];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < W && j < GAIN.length; j++) {
                r[i][j] = m[i][j] * GAIN[j];
            }
        }
        return r;
    }

    public static void main(String[] args) { }
}
"#,
    );
    let report = explained(&program);
    for line in [
        "runs on: OpenCL device when available (eligible), else CPU",
        "parallel over `i`, `j`; `i` in [0, m.length); `j` in [0, Math.min(Main.W, \
         Main.GAIN.length))",
        "note: Main.head reads the sizes `Main.W`, `Main.GAIN.length` (final, set by the \
         static initialisers): on a device their values are `int` kernel arguments after \
         the method's own",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
}

/// `explain` says why a loop inside `sync` cannot reduce into an accumulator the host
/// declares in a loop around the block, and how to write it (probe 105: it said the
/// accumulator did not start at the identity of `max`, which it did); written that way,
/// the method runs on the device.
#[test]
fn explain_names_host_scalar_accumulators() {
    let body = |decl: &str, block: &str, after: &str| {
        format!(
            r#"public class Main {{
    static reduce(max) double top(double d) {{
        return d;
    }}

    static double[] relax(dist(view = <1,1>) double[] a, dist(view = <1,1>) double[] b) {{
        double e = 0;
        for (int it = 0; it < 3; it++) {{
            {decl} d = Double.NEGATIVE_INFINITY;
            {block} {{
                for (int i = 1; i < a.length - 1; i++) {{
                    d = Math.max(d, Math.abs(b[i] - a[i]));
                }}
            }}
            e += {after};
        }}
        double[] o = new double[a.length];
        for (int i = 0; i < a.length; i++) {{
            o[i] = a[i] + e;
        }}
        return o;
    }}

    public static void main(String[] args) {{ }}
}}
"#
        )
    };
    let program = source("explain-host-acc", "Main.somd", &body("double", "sync (a)", "top(d)"));
    let report = explained(&program);
    let line = "not on the device: with its outer loop run by the host: loop is not parallel: \
                the accumulator `d` is a host scalar (declared in a host loop or given values \
                by host code), which a loop does not reduce into; inside `sync`, reduce into a \
                `shared` scalar with `sync reduce(max)`";
    assert!(report.contains(line), "{report}");
    let program = source(
        "explain-host-acc-shared",
        "Main.somd",
        &body("shared double", "sync reduce(max) (d)", "d"),
    );
    let report = explained(&program);
    let line = "runs on: OpenCL device when available (eligible), else CPU";
    assert!(report.contains(line), "{report}");
}

/// A nest with no parallel loop, whose body a host loop could not run either (it stores
/// into an array), is explained by its outer loop's dependence, not by the store (probe
/// 105: a blur bounded through `Somd.offset` named `out[i][j] = ..`); an iteration loop
/// around a parallel loop is still explained by its store.
#[test]
fn explain_names_the_dependence_of_a_loop_the_host_cannot_run() {
    let program = source(
        "explain-hosted-store",
        "Main.somd",
        r#"public class Main {
    static float[][] blur(dist(polyview = <1,1>, <1,1>) float[][] img, float[][] w) {
        float[][] out = new float[img.length][img[0].length];
        int oi = Somd.offset(img, 1), oj = Somd.offset(img, 2);
        int H = Somd.globalLength(img, 1), W = Somd.globalLength(img, 2);
        int i0 = oi > 0 ? 1 : 0, i1 = oi + img.length < H ? img.length - 1 : img.length;
        int j0 = oj > 0 ? 1 : 0, j1 = oj + img[0].length < W ? img[0].length - 1 : img[0].length;
        for (int i = i0; i < i1; i++) {
            for (int j = j0; j < j1; j++) {
                int gi = oi + i, gj = oj + j;
                if (gi == 0 || gj == 0 || gi == H - 1 || gj == W - 1) {
                    out[i][j] = img[i][j];
                } else {
                    float s = 0f;
                    for (int di = -1; di <= 1; di++)
                        for (int dj = -1; dj <= 1; dj++)
                            s += w[di + 1][dj + 1] * img[i + di][j + dj];
                    out[i][j] = s;
                }
            }
        }
        return out;
    }

    public static void main(String[] args) { }
}
"#,
    );
    let report = explained(&program);
    let line = "not on the device: loop is not parallel: the loop bound is not derived from \
                parameters and array lengths at";
    assert!(report.contains(line), "{report}");
    assert!(!report.contains("with its outer loop run by the host"), "{report}");
    // An iteration loop around a parallel loop, storing beside it: the store is the reason
    // (review 103).
    let program = source(
        "explain-hosted-store-iteration",
        "Main.somd",
        r#"public class Main {
    static double[] iter(dist double[] a, double[] errs) {
        double[] x = new double[a.length];
        for (int it = 0; it < 3; it++) {
            for (int i = 0; i < a.length; i++) {
                x[i] = x[i] * 0.5 + a[i];
            }
            errs[it] = 1.0;
        }
        return x;
    }

    public static void main(String[] args) { }
}
"#,
    );
    let report = explained(&program);
    let line = "not on the device: with its outer loop run by the host: statement other than \
                an assignment of a local scalar";
    assert!(report.contains(line), "{report}");
}

/// A `@` that two folds in kernel code read is one entry of `explain`, which says that
/// each fold computes it again (probe 105: the same `@` was listed twice at one position),
/// and that host code's call folds on the CPU once.
#[test]
fn explain_lists_a_map_two_folds_read_once() {
    let program = source(
        "explain-two-folds",
        "Main.somd",
        r#"public class Main {
    static local float spread(float v, int k) {
        return v * (k + 1) - k * 0.125f;
    }

    static local float bigger(float a, float b) {
        return Math.max(a, b);
    }

    static local float both(float v) {
        float[[]] xs = Main @ spread(v, Somd.range(8));
        return (Main.bigger ! xs) + (+ ! xs);
    }

    public static void main(String[] args) {
        float[] v = {1f, 2f, 3f};
        float[[]] r = Main @ both(v);
        System.out.println(r[2] + both(4f));
    }
}
"#,
    );
    let report = explained(&program);
    assert_eq!(report.matches(": @ Main.spread").count(), 1, "{report}");
    let line = "inside the kernel that runs `Main.both`: each work-item folds the `@` in order \
                with `Main.bigger` (no intermediate array); called from host code, the `@` and \
                the fold run on the CPU (no launch of their own); the `+ !` reads it too: each \
                work-item computes it again and folds it with `+` in the CPU's order";
    assert!(report.contains(line), "{report}");
    // Said once per entry: the `@`'s and each fold's.
    assert_eq!(report.matches("called from host code").count(), 3, "{report}");
}

/// `explain` names what keeps a `while` or `do`/`while` loop from being counted (probe 108:
/// every such loop was "not a counted `for` loop over an index", and the method's line
/// named only the want of a parallel loop, at its header). The reason is said once, on the
/// method's line: the loop's line points to it (probe 108 saw a `break`'s long refusal
/// twice).
#[test]
fn explain_names_why_a_while_loop_is_not_counted() {
    let program = source(
        "explain-while-forms",
        "Main.somd",
        r#"public class Main {
    static reduce(+) long after(dist int[] a) {
        long s = 0;
        int i = 0;
        while (i < a.length) {
            s += a[i];
            i++;
        }
        return s + i;
    }

    static reduce(+) long early(dist int[] a) {
        long s = 0;
        int i = 0;
        while (i < a.length) {
            i++;
            s += a[i - 1];
        }
        return s;
    }

    static reduce(+) long skips(dist int[] a) {
        long s = 0;
        int i = 0;
        while (i < a.length) {
            if (a[i] < 0) continue;
            s += a[i];
            i++;
        }
        return s;
    }

    static reduce(+) long once(dist int[] a) {
        long s = 0;
        int i = 0;
        do {
            s += a[i];
            i++;
        } while (i < a.length);
        return s;
    }

    static reduce(+) long restarted(dist int[] a) {
        long s = 0;
        int i = 0;
        i = 1;
        while (i < a.length) {
            s += a[i];
            i++;
        }
        return s;
    }

    static reduce(+) long flagged(dist int[] a) {
        long s = 0;
        boolean go = a.length > 0;
        while (go) {
            s += a[0];
            go = false;
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        System.out.println(after(a) + early(a) + skips(a) + once(a) + restarted(a) + flagged(a));
    }
}
"#,
    );
    let report = explained(&program);
    let expect = [
        ("5:16", "a `while` loop over `i`, which is read after the loop"),
        ("15:16", "a `while` loop over `i` whose body's last statement is no update of it"),
        (
            "25:16",
            "a `while` loop with a `continue` that its update of `i` does not directly precede",
        ),
        ("39:18", "a `do`/`while` loop (its body runs once before the first test"),
        ("47:16", "a `while` loop over `i`, which statements between its declaration and the loop mention"),
        ("57:16", "a `while` loop over no `int` index (its body's last statement sets `go`)"),
    ];
    for (at, why) in expect {
        let method = format!("not on the device: loop is not parallel: {why}");
        assert!(report.contains(&method), "{method}\n{report}");
        let looped = format!("loop at {}:{at}: not parallel (the reason above)", program.display());
        assert!(report.contains(&looped), "{looped}\n{report}");
        assert_eq!(report.matches(why).count(), 1, "{why}\n{report}");
    }
    assert!(!report.contains("no parallel loop in the body"), "{report}");
}

/// `explain` says why two accumulators returned through a value-class constructor stay on
/// the CPU (probe 108: "a loop reduces several only when the body reads each of them after
/// the loop", which `return new Stats(s, c)` does), and blames `null` compared with a
/// matrix's row, and `null` returned for an array (review 105), on arrays, not on value
/// classes.
#[test]
fn explain_names_object_results_and_null_rows() {
    let program = source(
        "explain-object-null",
        "Main.somd",
        r#"value class Stats {
    final double s;
    final int c;
    Stats(double s, int c) { this.s = s; this.c = c; }
}

class Merge {
    static Stats combine(Stats a, Stats b) { return new Stats(a.s + b.s, a.c + b.c); }
}

public class Main {
    static reduce(Merge) Stats stats(dist double[] a) {
        double s = 0;
        int c = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            c += a[i] > 0.5 ? 1 : 0;
        }
        return new Stats(s, c);
    }

    static reduce(+) int rows(dist int[][] m) {
        int k = 0;
        for (int i = 0; i < m.length; i++) {
            if (m[i] != null) k += m[i].length;
        }
        return k;
    }

    static int[] bumped(dist int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] + 1;
        }
        if (a.length > 100000) {
            return null;
        }
        return a;
    }

    static int[] chosen(dist int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2;
        }
        return a.length > 100000 ? null : a;
    }

    public static void main(String[] args) {
        Stats st = stats(new double[] {0.25, 0.75});
        System.out.println(st.s + " " + st.c + " " + rows(new int[3][2]));
        System.out.println(bumped(new int[4])[1] + chosen(new int[4])[2]);
    }
}
"#,
    );
    let report = explained(&program);
    let two = "more than one reduction accumulator (`s`, `c`): the host folds several only for a \
               body returning a primitive, an array or nothing, and this one returns an object \
               (`Stats`)";
    assert!(report.contains(two), "{report}");
    let null = "`null` with an array (kernel code holds arrays, and the rows of a matrix, as \
                buffers: none is null)";
    assert_eq!(report.matches(null).count(), 3, "the row and the returns:\n{report}");
    assert!(!report.contains("objects of value classes as struct values"), "{report}");
}

/// A program whose helpers each call the next many times (`g7` calls `g6` 14 times, .., `g1`
/// calls `g0`), passing an array down the chain.
fn helper_chain(params: &str, leaf: &str, args: &str, entry: &str, main: &str) -> String {
    let mut text = String::from("public class Main {\n");
    text.push_str(&format!("    static int g0({params}) {{ {leaf} }}\n"));
    for k in 1..=7 {
        let calls = vec![format!("g{}({args})", k - 1); 14].join(" + ");
        text.push_str(&format!("    static int g{k}({params}) {{ return {calls}; }}\n"));
    }
    text.push_str(entry);
    text.push_str(&format!("\n    public static void main(String[] args) {{ {main} }}\n}}\n"));
    text
}

/// The call-graph analyses (which arrays a helper writes, which it only reads, which take
/// a private array) and the OpenCL writer decide each helper's parameter once: asked afresh
/// at each call, this program's 14⁷ call paths took over four minutes to explain. A
/// watchdog (not a timing: the compiler is killed only when it hangs) guards against the
/// walk becoming exponential again.
#[test]
fn helpers_calling_each_other_many_times_compile_promptly() {
    let sum = "static reduce(+) int work(dist int[] a) { int s = 0; \
               for (int i = 0; i < a.length; i++) { s += g7(a, i); } return s; }";
    let programs = [
        (
            "reads",
            helper_chain(
                "int[] a, int i",
                "return a[i];",
                "a, i",
                sum,
                "System.out.println(work(new int[64]));",
            ),
            true,
        ),
        (
            // Each helper writes only `a[i]`, passing `a` and `i` on (`parallel.rs`,
            // `element_param`): the iteration's own element.
            "writes",
            helper_chain(
                "int[] a, int i",
                "a[i] = a[i] + 1; return a[i];",
                "a, i",
                sum,
                "System.out.println(work(new int[64]));",
            ),
            true,
        ),
        (
            "private",
            helper_chain(
                "int[] t, int i",
                "t[i % t.length] += 1; return t[0];",
                "t, i",
                "static reduce(+) int work(dist int[] a) { int s = 0; \
                 for (int i = 0; i < a.length; i++) { int[] t = new int[4]; s += g7(t, a[i]); } \
                 return s; }",
                "System.out.println(work(new int[64]));",
            ),
            true,
        ),
        (
            "kept",
            helper_chain(
                "int[] a, int i",
                "return a[i];",
                "a, i",
                "static reduce(+) int inner(dist int[] a) { int s = 0; \
                 for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }\n    \
                 static int outer(int[] a) { int t = 0; \
                 for (int r = 0; r < 3; r++) { t += inner(a) + g7(a, r); } return t; }",
                "System.out.println(outer(new int[64]));",
            ),
            true,
        ),
    ];
    for (name, program_text, device) in programs {
        let program = source("helper-chain", &format!("{name}.somd"), &program_text);
        let out_dir = scratch().join("helper-chain").join(name);
        let mut child = somdc()
            .arg("build")
            .arg(&program)
            .arg("-o")
            .arg(&out_dir)
            .arg("--emit-kernels")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("somdc starts");
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break status;
            }
            if started.elapsed() > std::time::Duration::from_secs(120) {
                let _ = child.kill();
                panic!("{name}: `somdc build` still running after two minutes");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert!(
            status.success(),
            "{name}: {}",
            text(&child.wait_with_output().expect("output").stderr)
        );
        let out = run(somdc().arg("explain").arg(&program));
        let explained = text(&out.stdout);
        let first = explained.lines().find(|l| l.contains("runs on:")).unwrap_or_default();
        assert_eq!(first.contains("OpenCL"), device, "{name}:\n{explained}");
    }
}

/// Writes into the halo of a `dist` view (LANGUAGE.md §2.2): the last cell of a 1-D
/// partition, or a row loop over every column of a 2-D one. With one MI (`seq`) there is no
/// halo and the program runs; with two MIs the first one's last cell, and its column past
/// its block, are halo cells, and the store raises `IllegalStateException` at its
/// position, also from the loop that the Rust writer versions (its fast copy takes only
/// ranges the MI owns). Such a program's result depends on the number of MIs, so it is no
/// member of the end-to-end suite.
const HALO: &str = r#"public class Main {
    static int[] last(dist(view = <1,1>) int[] a) {
        a[a.length - 1] = 999;
        return new int[a.length];
    }

    static reduce(+) int rows(dist(view = <1,1>, <1,1>) int[][] g) {
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                g[i][j] = i + j;
            }
        }
        return g.length;
    }

    static int[] lastThrough(dist(view = <1,1>) int[] a) {
        int[] v = a;
        v[v.length - 1] = 999;
        return new int[a.length];
    }

    static reduce(+) int rowsThrough(dist(view = <1,1>, <1,1>) int[][] g) {
        int[][] h = g;
        for (int i = 0; i < h.length; i++) {
            int[] r = h[i];
            for (int j = 1; j < r.length - 1; j++) {
                r[j] = i + j;
            }
        }
        return g.length;
    }

    static reduce(+) int owned(dist(view = <1,1>, <1,1>) int[][] g) {
        int cells = 0;
        for (int i = 1; i < g.length - 1; i++) {
            int[] r = g[i];
            for (int j = 1; j < r.length - 1; j++) {
                r[j] = i + j;
                cells++;
            }
        }
        return cells;
    }

    static void put(int[] v, int i, int x) {
        v[i] = x;
    }

    static int[] lastHelped(dist(view = <1,1>) int[] a) {
        int[] v = a;
        put(v, v.length - 1, 999);
        return new int[a.length];
    }

    static void mark(int[][] h, int x) {
        for (int i = 0; i < h.length; i++) {
            for (int j = 0; j < h[i].length; j++) {
                h[i][j] = x;
            }
        }
    }

    static reduce(+) int rowsHelped(dist(view = <1,1>, <1,1>) int[][] g) {
        mark(g, 5);
        return g.length;
    }

    public static void main(String[] args) {
        int[] d = new int[12];
        int c = Integer.parseInt(args[0]);
        if (c == 1) {
            System.out.println(last(d).length);
        } else if (c == 2) {
            System.out.println(rows(new int[12][12]));
        } else if (c == 3) {
            System.out.println(lastThrough(d).length);
        } else if (c == 4) {
            System.out.println(rowsThrough(new int[12][12]));
        } else if (c == 6) {
            System.out.println(lastHelped(d).length);
        } else if (c == 7) {
            System.out.println(rowsHelped(new int[12][12]));
        } else {
            System.out.println(owned(new int[12][12]));
        }
    }
}
"#;

#[test]
fn stores_into_halo_cells_raise_illegal_state() {
    let program = source("halo", "halo.somd", HALO);
    // Stores into the parameter, then through a local naming it and one naming a row.
    let cases = [
        ("1", "halo.somd:3:9"),
        ("2", "halo.somd:10:17"),
        ("3", "halo.somd:18:9"),
        ("4", "halo.somd:27:17"),
        // Through helpers the partition is passed to (a local naming it, then the matrix).
        ("6", "halo.somd:46:9"),
        ("7", "halo.somd:58:17"),
    ];
    for (case, at) in cases {
        let seq =
            run(somdc().arg("run").arg(&program).args(["--", case]).env("SOMD_DEVICE", "seq"));
        assert_eq!(seq.status.code(), Some(0), "{}", text(&seq.stderr));
        let two = run(somdc()
            .arg("run")
            .arg(&program)
            .args(["--", case])
            .env("SOMD_DEVICE", "cpu")
            .env("SOMD_THREADS", "2"));
        assert_eq!(two.status.code(), Some(1), "{}", text(&two.stdout));
        let stderr = text(&two.stderr);
        assert!(
            stderr.contains("java.lang.IllegalStateException: write to a halo cell")
                && stderr.trim_end().ends_with(at),
            "{stderr}"
        );
    }
    // A row local whose stores stay in the MI's own cells runs on every placement, as
    // the sequential run does.
    let seq = run(somdc().arg("run").arg(&program).args(["--", "5"]).env("SOMD_DEVICE", "seq"));
    assert_eq!(seq.status.code(), Some(0), "{}", text(&seq.stderr));
    for threads in ["1", "2", "3"] {
        let owned = run(somdc()
            .arg("run")
            .arg(&program)
            .args(["--", "5"])
            .env("SOMD_DEVICE", "cpu")
            .env("SOMD_THREADS", threads));
        assert_eq!(owned.status.code(), Some(0), "{}", text(&owned.stderr));
        assert_eq!(text(&owned.stdout), text(&seq.stdout));
    }
}

/// A command-line argument that is no UTF-8 reaches `main` as the JVM decodes it, its bad
/// bytes each a U+FFFD (the runtime panicked before `main` ran).
#[test]
#[cfg(unix)]
fn arguments_that_are_no_utf8_are_decoded_as_the_jvm_does() {
    use std::os::unix::ffi::OsStrExt;
    let program = source(
        "args-utf8",
        "Main.somd",
        r#"public class Main {
    public static void main(String[] args) {
        System.out.println(args.length);
        System.out.println(args[0]);
    }
}
"#,
    );
    let arg = std::ffi::OsStr::from_bytes(b"caf\xe9");
    let out = run(somdc().arg("run").arg(&program).arg("--").arg(arg));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1\ncaf\u{FFFD}\n");
}

/// A `Task` prints as an object does, `Task@` and a hash (`null` when it is one), in
/// `println` and in a concatenation: the generated crate did not build before (probe 53).
#[test]
fn tasks_print_as_objects() {
    let program = source(
        "task-print",
        "Main.somd",
        r#"public class Main {
    static int src() {
        throw new Underflow();
    }

    public static void main(String[] args) {
        Task t = task Main.src;
        Task none = null;
        System.out.println(t);
        System.out.println("t=" + (task Main.src) + " " + none);
        System.out.println(none);
    }
}
"#,
    );
    let out = run(somdc().arg("run").arg(&program).env("SOMD_DEVICE", "seq"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let hashed = |s: &str| {
        s.strip_prefix("Task@")
            .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
    };
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(hashed(lines[0]), "{stdout}");
    let second = lines[1].strip_prefix("t=").and_then(|s| s.strip_suffix(" null"));
    assert!(second.is_some_and(hashed), "{stdout}");
    assert_eq!(lines[2], "null", "{stdout}");
}
