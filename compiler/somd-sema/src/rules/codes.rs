//! Stable diagnostic codes of the SOMD and isolation rules (E0300–E0499, W0300–W0399).
//!
//! Every code here has a page `docs/errors/<code>.md`; the tidy test checks that. Codes are
//! never reused for a different rule: retire a code instead of changing its meaning.

use somd_diag::CodeInfo;

/// `dist` on a parameter or local that is not an array.
pub(crate) const DIST_NOT_ARRAY: &str = "E0301";
/// `dist` local variable outside a SOMD method.
pub(crate) const DIST_LOCAL_OUTSIDE_SOMD: &str = "E0302";
/// `dist(dim = k)` with `k` not a constant.
pub(crate) const DIST_DIM_NOT_CONSTANT: &str = "E0303";
/// `dist(dim = k)` with `k` outside `1..=rank`.
pub(crate) const DIST_DIM_OUT_OF_RANGE: &str = "E0304";
/// More `<before, after>` pairs than partitioned dimensions.
pub(crate) const DIST_TOO_MANY_PAIRS: &str = "E0305";
/// A halo width that is not a non-negative `int` constant.
pub(crate) const DIST_BAD_HALO: &str = "E0306";
/// `dist(P)` naming a class that does not exist.
pub(crate) const DIST_UNKNOWN_STRATEGY: &str = "E0307";
/// `dist(P)` where `P` has no `static int[] bounds(int, int, ..)` of the right shape.
pub(crate) const DIST_NO_BOUNDS: &str = "E0308";
/// `dist` on a constructor parameter.
pub(crate) const DIST_ON_CTOR: &str = "E0309";
/// `dist` partitioning a bounded value-array dimension (`[[N]]`).
pub(crate) const DIST_BOUNDED_DIM: &str = "E0310";
/// A `dist` local allocated with a partitioned dimension's length that is not a `dist`
/// array's.
pub(crate) const DIST_LOCAL_LENGTH: &str = "E0311";
/// `dist` on the parameter of the program's entry point.
pub(crate) const DIST_ON_MAIN: &str = "E0312";
/// A SOMD method where a method applied to single values is needed: the target of `@` or
/// `!`, a reduction class's `combine`/`combineAll`, a strategy's `bounds`.
pub(crate) const SOMD_AS_HOOK: &str = "E0313";

/// A SOMD method returning a non-array value without `reduce`.
pub(crate) const REDUCE_MISSING: &str = "E0320";
/// `reduce(op)` whose operator does not apply to the return type.
pub(crate) const REDUCE_OP_TYPE: &str = "E0321";
/// `reduce(self)` on a method that cannot take its partial results.
pub(crate) const REDUCE_SELF_SHAPE: &str = "E0322";
/// `reduce(C)` naming a class that does not exist.
pub(crate) const REDUCE_UNKNOWN_CLASS: &str = "E0323";
/// `reduce(C)` where `C` has neither `combine` nor `combineAll` of the right shape.
pub(crate) const REDUCE_NO_COMBINE: &str = "E0324";
/// `reduce` on a `void` method.
pub(crate) const REDUCE_ON_VOID: &str = "E0325";
/// More than one `reduce` modifier.
pub(crate) const REDUCE_DUPLICATE: &str = "E0326";
/// `reduce` on a constructor.
pub(crate) const REDUCE_ON_CTOR: &str = "E0327";
/// `reduce` on a field.
pub(crate) const REDUCE_ON_FIELD: &str = "E0328";

/// An intermediate reduction under control flow that depends on partition data.
pub(crate) const DIVERGENT_REDUCTION: &str = "E0340";
/// A `sync` block under control flow that depends on partition data.
pub(crate) const DIVERGENT_SYNC: &str = "E0341";

/// `shared` local outside a SOMD method.
pub(crate) const SHARED_OUTSIDE_SOMD: &str = "E0360";
/// `shared` local that is not a primitive scalar.
pub(crate) const SHARED_NOT_SCALAR: &str = "E0361";
/// `shared` local without an initializer.
pub(crate) const SHARED_NO_INIT: &str = "E0362";
/// `sync` outside a SOMD method.
pub(crate) const SYNC_OUTSIDE_SOMD: &str = "E0363";
/// `sync (g, ..)` naming something that is not a `dist` variable in scope.
pub(crate) const SYNC_NOT_DIST: &str = "E0364";
/// `sync reduce(op) (x)` where `x` is not a `shared` scalar.
pub(crate) const SYNC_REDUCE_NOT_SHARED: &str = "E0365";
/// `sync reduce(op) (x)` whose operator does not apply to `x`'s type.
pub(crate) const SYNC_REDUCE_OP_TYPE: &str = "E0366";
/// `sync reduce(op)` without exactly one variable.
pub(crate) const SYNC_REDUCE_ARITY: &str = "E0367";
/// `shared` on a parameter.
pub(crate) const SHARED_PARAM: &str = "E0368";

/// A `local` method calls a method that is not `local`.
pub(crate) const LOCAL_CALLS_NON_LOCAL: &str = "E0400";
/// A `local` method reads or writes a static field that is not a constant.
pub(crate) const LOCAL_STATIC_FIELD: &str = "E0401";
/// A `local` method prints.
pub(crate) const LOCAL_PRINTS: &str = "E0402";
/// A `local` method reads the clock.
pub(crate) const LOCAL_CLOCK: &str = "E0403";
/// A `local` method uses `Random`.
pub(crate) const LOCAL_RANDOM: &str = "E0404";
/// A `local` method creates, starts or finishes tasks.
pub(crate) const LOCAL_TASKS: &str = "E0405";
/// A `local` method formats a string.
pub(crate) const LOCAL_FORMAT: &str = "E0406";
/// A `local` method calls a constructor whose body is not isolated.
pub(crate) const LOCAL_CALLS_IMPURE_CTOR: &str = "E0407";
/// `local` on a field or a constructor.
pub(crate) const LOCAL_NOT_METHOD: &str = "E0409";

/// `reduce(-)`: not associative, evaluated sequentially.
pub(crate) const REDUCE_SUB_WARNING: &str = "W0301";
/// A read in a `sync` block of cells that other method instances write in the same block.
pub(crate) const SYNC_RACY_READ: &str = "W0302";
/// A user partitioning strategy that the OpenCL device ignores (one partition, §2.2); the
/// driver reports it once the device plans are known (`somdc`).
pub const DIST_IGNORED_ON_DEVICE: &str = "W0303";
/// A SOMD method whose method instances would write state they share (it runs as one).
pub const SHARED_STATE_WRITE: &str = "W0304";
/// An intermediate reduction with `+ - * ^` of values every method instance holds alike.
pub(crate) const INTERMEDIATE_OF_SHARED: &str = "W0305";
/// `sync reduce` with `+ - * ^` of a `shared` scalar started at a constant that is no identity.
pub(crate) const SHARED_START_NOT_IDENTITY: &str = "W0306";
/// `sync reduce` with `+ - * ^` of a `shared` scalar in a loop that never resets it.
pub(crate) const SHARED_REDUCED_AGAIN: &str = "W0307";
/// `dist(dim = 3)`: the back ends split only the first two dimensions of an array.
pub(crate) const DIST_DIM_NOT_HONOURED: &str = "W0308";
/// A SOMD method with a view called from an MI on its partition, which has no halo.
pub(crate) const NESTED_VIEW_WITHOUT_HALO: &str = "W0309";
/// A SOMD method assembling an array parameter that is not `dist` (§2.4).
pub(crate) const WHOLE_PARAM_ASSEMBLED: &str = "W0310";
/// A reduction over a view's partition that counts its halo cells (§2.2).
pub(crate) const HALO_COUNTED: &str = "W0311";

/// Every code of this module with its title, for `somd_sema::codes()`.
pub(crate) const CODES: &[CodeInfo] = &[
    CodeInfo { code: DIST_NOT_ARRAY, title: "`dist` applies only to arrays" },
    CodeInfo {
        code: DIST_LOCAL_OUTSIDE_SOMD,
        title: "`dist` local variable outside a SOMD method",
    },
    CodeInfo { code: DIST_DIM_NOT_CONSTANT, title: "`dim` is not a constant" },
    CodeInfo { code: DIST_DIM_OUT_OF_RANGE, title: "`dim` is not a dimension of the array" },
    CodeInfo { code: DIST_TOO_MANY_PAIRS, title: "more halo pairs than partitioned dimensions" },
    CodeInfo { code: DIST_BAD_HALO, title: "halo width is not a non-negative `int` constant" },
    CodeInfo { code: DIST_UNKNOWN_STRATEGY, title: "unknown partitioning strategy class" },
    CodeInfo { code: DIST_NO_BOUNDS, title: "partitioning strategy has no matching `bounds`" },
    CodeInfo { code: DIST_ON_CTOR, title: "`dist` on a constructor parameter" },
    CodeInfo { code: DIST_BOUNDED_DIM, title: "`dist` partitions a bounded dimension" },
    CodeInfo {
        code: DIST_LOCAL_LENGTH,
        title: "`dist` local allocated with a length that is not a `dist` array's",
    },
    CodeInfo { code: DIST_ON_MAIN, title: "`dist` on the parameter of `main`" },
    CodeInfo {
        code: SOMD_AS_HOOK,
        title: "a SOMD method used where an ordinary method is applied",
    },
    CodeInfo { code: REDUCE_MISSING, title: "SOMD method with a scalar result needs `reduce`" },
    CodeInfo { code: REDUCE_OP_TYPE, title: "reduction operator does not apply to the result" },
    CodeInfo { code: REDUCE_SELF_SHAPE, title: "`reduce(self)` cannot take the partial results" },
    CodeInfo { code: REDUCE_UNKNOWN_CLASS, title: "unknown reduction class" },
    CodeInfo {
        code: REDUCE_NO_COMBINE,
        title: "reduction class has no matching `combine` or `combineAll`",
    },
    CodeInfo { code: REDUCE_ON_VOID, title: "`reduce` on a `void` method" },
    CodeInfo { code: REDUCE_DUPLICATE, title: "duplicate `reduce` modifier" },
    CodeInfo { code: REDUCE_ON_CTOR, title: "`reduce` on a constructor" },
    CodeInfo { code: REDUCE_ON_FIELD, title: "`reduce` on a field" },
    CodeInfo {
        code: DIVERGENT_REDUCTION,
        title: "intermediate reduction under divergent control flow",
    },
    CodeInfo { code: DIVERGENT_SYNC, title: "`sync` under divergent control flow" },
    CodeInfo { code: SHARED_OUTSIDE_SOMD, title: "`shared` outside a SOMD method" },
    CodeInfo { code: SHARED_NOT_SCALAR, title: "`shared` variable is not a primitive scalar" },
    CodeInfo { code: SHARED_NO_INIT, title: "`shared` variable without an initializer" },
    CodeInfo { code: SYNC_OUTSIDE_SOMD, title: "`sync` outside a SOMD method" },
    CodeInfo { code: SYNC_NOT_DIST, title: "`sync` names something that is not a `dist` variable" },
    CodeInfo { code: SYNC_REDUCE_NOT_SHARED, title: "`sync reduce` needs a `shared` scalar" },
    CodeInfo {
        code: SYNC_REDUCE_OP_TYPE,
        title: "`sync reduce` operator does not apply to the variable",
    },
    CodeInfo { code: SYNC_REDUCE_ARITY, title: "`sync reduce` needs exactly one variable" },
    CodeInfo { code: SHARED_PARAM, title: "`shared` on a parameter" },
    CodeInfo { code: LOCAL_CALLS_NON_LOCAL, title: "`local` method calls a non-`local` method" },
    CodeInfo { code: LOCAL_STATIC_FIELD, title: "`local` method accesses a mutable static field" },
    CodeInfo { code: LOCAL_PRINTS, title: "`local` method prints" },
    CodeInfo { code: LOCAL_CLOCK, title: "`local` method reads the clock" },
    CodeInfo { code: LOCAL_RANDOM, title: "`local` method uses `Random`" },
    CodeInfo { code: LOCAL_TASKS, title: "`local` method creates, starts or finishes tasks" },
    CodeInfo { code: LOCAL_FORMAT, title: "`local` method formats a string" },
    CodeInfo {
        code: LOCAL_CALLS_IMPURE_CTOR,
        title: "`local` method calls a constructor that is not isolated",
    },
    CodeInfo { code: LOCAL_NOT_METHOD, title: "`local` applies only to methods" },
    CodeInfo { code: REDUCE_SUB_WARNING, title: "`reduce(-)` is not associative" },
    CodeInfo {
        code: SYNC_RACY_READ,
        title: "schedule-dependent read of a `dist` array in a `sync` block",
    },
    CodeInfo {
        code: DIST_IGNORED_ON_DEVICE,
        title: "user partitioning strategy ignored on the OpenCL device",
    },
    CodeInfo {
        code: INTERMEDIATE_OF_SHARED,
        title: "intermediate reduction of values every method instance holds alike",
    },
    CodeInfo {
        code: SHARED_START_NOT_IDENTITY,
        title: "`sync reduce` of a `shared` scalar that starts at no identity",
    },
    CodeInfo {
        code: SHARED_REDUCED_AGAIN,
        title:
            "`sync reduce` of a `shared` scalar at every iteration of a loop that never resets it",
    },
    CodeInfo {
        code: DIST_DIM_NOT_HONOURED,
        title: "`dist(dim = 3)` splits dimensions 1 and 2 instead",
    },
    CodeInfo {
        code: NESTED_VIEW_WITHOUT_HALO,
        title: "a view's halo missing in a SOMD call made on a partition",
    },
    CodeInfo {
        code: WHOLE_PARAM_ASSEMBLED,
        title: "SOMD method returning an array parameter that is not `dist`",
    },
    CodeInfo { code: HALO_COUNTED, title: "reduction counting a view's halo cells" },
    CodeInfo {
        code: SHARED_STATE_WRITE,
        title: "SOMD method writing state its method instances share runs as one",
    },
];
