//! Arguments and output of the baselines, parsed and printed as the samples do.

/// Integer argument `index` as Java's `Integer.parseInt`, or `default` when absent.
pub fn int_arg(args: &[String], index: usize, default: i32) -> Result<i32, String> {
    match args.get(index) {
        None => Ok(default),
        Some(text) => text.parse::<i32>().map_err(|err| format!("argument {text:?}: {err}")),
    }
}

/// A positive size argument as `usize`.
pub fn size_arg(args: &[String], index: usize, default: i32) -> Result<usize, String> {
    let value = int_arg(args, index, default)?;
    usize::try_from(value)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("size argument must be positive, got {value}"))
}

/// Java `printf` through the runtime's formatter, so output matches the sample exactly.
pub fn printf(fmt: &str, args: &[somd_runtime::java::Arg<'_>]) -> Result<String, String> {
    somd_runtime::java::format(fmt, args).map_err(|err| format!("format {fmt:?}: {err:?}"))
}
