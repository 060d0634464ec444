//! Back ends of `somdc`. `rust` writes the host program (a Cargo project that depends on
//! the `somd-runtime` crate by path).

pub mod opencl;
pub mod rust;
