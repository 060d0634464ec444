//! Exact Java semantics for everything the language borrows from Java (LANGUAGE.md §1.5–1.7).
//!
//! - [`arith`]: `int`/`long` division and remainder (`/ by zero`, `MIN / -1`), shift masking,
//!   floating-to-integer casts, narrowing casts, `Integer.bitCount`, `floatToIntBits`, ...
//! - [`math`]: `java.lang.Math` functions whose Java results differ from Rust's (`round`,
//!   `rint`, `signum`, `min`/`max` with NaN and `-0.0`, `pow` special cases, `abs`), plus
//!   [`fdlibm`], the port of `StrictMath.log` that `Random.nextGaussian` needs.
//! - [`to_string`]: `String.valueOf` for every primitive, with Java's shortest-representation
//!   `Double.toString` / `Float.toString` (the JDK 19+ specification).
//! - [`format`]: `String.format` / `printf` for `%d %x %o %s %c %b %f %e %g %n %%`.
//! - [`parse`]: `Integer.parseInt`, `Long.parseLong`, `Double.parseDouble`, `Float.parseFloat`.
//! - [`random`]: `java.util.Random`, bit-exact.
//!
//! Everything here is checked against a JDK oracle: `runtime/tests/java/*.java` print
//! reference values into `runtime/tests/expected/*.txt` (regenerated with
//! `runtime/tests/java/regen.sh`), and `runtime/tests/jdk_oracle.rs` recomputes them with this
//! crate. The Rust tests need no JDK.

pub mod arith;
pub mod decimal;
pub mod fdlibm;
pub mod format;
pub mod math;
pub mod parse;
pub mod random;
pub mod to_string;

pub use format::{format, Arg};
pub use random::Random;
pub use to_string::{double_to_string, float_to_string};
