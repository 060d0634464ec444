//! Behaviour of the `java` module that a JDK oracle cannot pin down: unseeded `Random`
//! instances, the position handling of library exceptions and how references become
//! `String.format` arguments.

use somd_runtime::error::{catch, OrThrow, SourcePos};
use somd_runtime::java::format::{format, Arg};
use somd_runtime::java::random::Random;
use somd_runtime::value::Str;

static POS: SourcePos = SourcePos::new("Misc.somd", 4, 2);

#[test]
fn unseeded_randoms_differ() {
    // `new Random()` twice in a row gives different sequences (seed uniquifier), like Java.
    let mut a = Random::new();
    let mut b = Random::new();
    let first: Vec<i64> = (0..4).map(|_| a.next_long()).collect();
    let second: Vec<i64> = (0..4).map(|_| b.next_long()).collect();
    assert_ne!(first, second);
}

#[test]
fn set_seed_restarts_the_sequence_and_drops_the_cached_gaussian() {
    let mut a = Random::with_seed(11);
    let _ = a.next_gaussian(); // caches the second value
    a.set_seed(11);
    let mut b = Random::with_seed(11);
    assert_eq!(a.next_gaussian().to_bits(), b.next_gaussian().to_bits());
}

#[test]
fn format_errors_are_thrown_at_the_call_site() {
    let e = catch(|| format("%d", &[Arg::Double(1.0)]).or_throw(&POS)).expect_err("mismatch");
    assert_eq!(e.class, "java.util.IllegalFormatConversionException");
    assert_eq!(e.position, POS);
}

#[test]
fn null_arguments_are_told_apart_from_the_text_null() {
    // What the JDK prints (tests/expected/format.txt): `%b` is `false` only for `null`.
    let null = Str::NULL;
    let text = Str::new("null");
    let args = [
        Arg::string(&null),
        Arg::string(&text),
        Arg::reference("null", "[I"),
        Arg::reference("[@1f", "[I"),
    ];
    assert_eq!(args, [Arg::Null, Arg::Str("null"), Arg::Null, Arg::Ref("[@1f", "[I")]);
    let printed =
        format("%b %b %B %s %.3b|%6b", &[args[0], args[1], args[2], args[0], args[0], args[3]]);
    assert_eq!(printed.expect("formats"), "false true FALSE null fal|  true");
}
