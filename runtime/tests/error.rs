//! Runtime faults: Java's messages, bounds-checked access helpers, and the end of a program by
//! an exception (report on standard error, exit status 1), checked in a child process.

use somd_runtime::error::*;
use std::process::Command;

static POS: SourcePos = SourcePos::new("Main.somd", 12, 17);

#[test]
fn bounds_checks_use_java_messages() {
    install_panic_hook();
    let a = [1, 2, 3];
    assert_eq!(load(&a, 2, &POS), 3);
    let e = catch(|| load(&a, 5, &POS)).expect_err("out of bounds");
    assert_eq!(e.class, "java.lang.ArrayIndexOutOfBoundsException");
    assert_eq!(e.detail, "Index 5 out of bounds for length 3");
    assert_eq!(e.position, POS);
    let e = catch(|| load(&a, -1, &POS)).expect_err("negative");
    assert_eq!(e.detail, "Index -1 out of bounds for length 3");
    let mut b = vec![0.0; 2];
    store(&mut b, 1, 2.5, &POS);
    *elem_mut(&mut b, 0, &POS) += 1.0;
    assert_eq!(b, vec![1.0, 2.5]);
    let e = catch(|| array_len(-1, &POS)).expect_err("negative size");
    assert_eq!(e.headline(), "java.lang.NegativeArraySizeException: -1");
    assert_eq!(array_len(4, &POS), 4);
}

#[test]
fn report_text_matches_the_jvm() {
    let e = JavaException::new("java.lang.ArithmeticException", "/ by zero", POS);
    assert_eq!(
        e.report(),
        "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\tat Main.somd:12:17\n"
    );
    let bare = JavaException::new("java.lang.NullPointerException", "", POS);
    assert!(bare
        .report()
        .starts_with("Exception in thread \"main\" java.lang.NullPointerException\n"));
    // Library errors get the call site's position.
    let parsed = catch(|| OrThrow::or_throw(somd_runtime::java::parse::parse_int("x1"), &POS))
        .expect_err("bad number");
    assert_eq!(parsed.position, POS);
    assert_eq!(parsed.detail, "For input string: \"x1\"");
}

/// Runs as the child process of `uncaught_exception_exits_with_status_1`.
#[test]
fn child_program_that_fails() {
    if std::env::var("SOMD_RUNTIME_TEST_CHILD").is_err() {
        return;
    }
    run_main(|| {
        println!("before");
        let zero = std::hint::black_box(0);
        somd_runtime::java::arith::idiv(1, zero, &POS);
        println!("not reached");
    });
}

#[test]
fn uncaught_exception_exits_with_status_1() {
    let exe = std::env::current_exe().expect("test binary");
    let output = Command::new(exe)
        .args(["--exact", "child_program_that_fails", "--nocapture", "--test-threads=1"])
        .env("SOMD_RUNTIME_TEST_CHILD", "1")
        .output()
        .expect("run child");
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stdout.contains("before") && !stdout.contains("not reached"), "{stdout}");
    assert!(
        stderr.contains(
            "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\tat Main.somd:12:17\n"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}
