//! Programs: built once per process and device from `defines + prelude + body`, with an
//! on-disk cache of the driver's binaries.
//!
//! # Build options
//! `-cl-std=CL1.2 -w` (no warnings on the program's standard error; `-Werror` programs, the
//! kernel tests', get no `-w`), plus `-cl-fp32-correctly-rounded-divide-sqrt -DSOMD_CR_SQRT` where
//! the device supports it (Java's `float` `/` and `sqrt` are IEEE-exact; OpenCL allows 2.5 ulp
//! otherwise; `SOMD_CR_SQRT` lets `(float) Math.sqrt(f)` take the float square root). No
//! `-cl-fast-relaxed-math` or `-cl-mad-enable`, and `somd_java.cl` turns `FP_CONTRACT` off,
//! unless the program asks for fast math (`--fast-math`), which adds
//! `-cl-fast-relaxed-math -DSOMD_FAST_MATH`. Every program gets `-DSOMD_WIDTH=W`, the
//! elements per work-item of its widened elementwise kernels (`SOMD_WIDEN`), and
//! `-DSOMD_HIST_PAIRS` under `SOMD_HIST_LAYOUT=pairs` (the `long` histogram table layout),
//! `-DSOMD_TILE_LAST_BARRIER=1` under `SOMD_TILE_LAST_BARRIER=1` and `-DSOMD_TILE_SMALL=1`
//! under `SOMD_TILE_SMALL=1` (tiled `@` loops), `-DSOMD_WIDE_TILES` on a device with 48 KiB
//! of local memory or more (wider row tiles; not under `SOMD_WIDE_TILES=0`)
//! and `-DSOMD_HOLD_OFF` with `SOMD_HOLD_ROWS=0` (no row held in registers across a fold).
//!
//! # Binary cache
//! Directory: `$SOMD_CACHE_DIR`, else `$XDG_CACHE_HOME/somdc/cl`, else `~/.cache/somdc/cl`.
//! One file per program and device, named by a 64-bit FNV-1a hash of the key: source text,
//! build options, platform name and version, device name, driver version. The file holds
//! a magic line, the full key, the binary's length and FNV-1a hash, and the binary, so a
//! hash collision or a stale file reads as a miss, and a truncated or damaged file is
//! never handed to the driver (PoCL aborts the process on a truncated binary); files are written to a temporary name and renamed (atomic on POSIX), so
//! concurrent processes never see a partial file. A cached binary the driver rejects is
//! rebuilt from source and overwritten. Cache I/O errors are silent (the cache is an
//! optimisation); hits and misses are counted ([`build_stats`]) and traced (`build`).

use super::device::DeviceCtx;
use super::launch::DeviceKernel;
use super::trace::{self, Value};
use super::{cl, policy, ClFailure};
use opencl3::kernel::Kernel;
use opencl3::program::Program;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// What to build: the program text is `defines + prelude + body`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProgramDesc<'a> {
    /// A name for messages and traces (the source file, or `somd_reduce`).
    pub name: &'a str,
    /// Text placed before the prelude (`#define` lines).
    pub defines: &'a str,
    /// The kernels (OpenCL C); they may use everything in `somd_java.cl`/`somd_errors.cl`.
    pub body: &'a str,
    /// Extra build options (e.g. `-DN=4`), appended to the defaults.
    pub options: &'a str,
    /// `--fast-math`.
    pub fast_math: bool,
}

impl ProgramDesc<'_> {
    /// The full source text given to the driver.
    pub fn source(&self) -> String {
        let prelude = cl::prelude();
        let mut text =
            String::with_capacity(self.defines.len() + prelude.len() + self.body.len() + 2);
        text.push_str(self.defines);
        text.push('\n');
        text.push_str(&prelude);
        text.push_str(self.body);
        text.push('\n');
        text
    }

    /// The build options for `ctx`'s device.
    pub fn build_options(&self, ctx: &DeviceCtx) -> String {
        let mut options = String::from("-cl-std=CL1.2");
        // `-w`: a clang-based compiler (PoCL) prints its warnings on the program's standard
        // error, where they are no use to the program's user and break its output. One
        // comes from the target, not the code: an x86 CPU without AVX-512 warns that a
        // 512-bit vector (`double8`, a value array `T[[8]]` passed to a helper) passed by
        // value "changes the ABI", which is harmless inside one program. The kernel tests
        // build with `-Werror` instead, to keep the generated code free of warnings.
        if !self.options.contains("-Werror") {
            options.push_str(" -w");
        }
        if self.fast_math {
            options.push_str(" -cl-fast-relaxed-math -DSOMD_FAST_MATH");
        } else if ctx.info.correct_div_sqrt {
            // `SOMD_CR_SQRT`: `(float) Math.sqrt(f)` as the float square root (`somd_java.cl`).
            options.push_str(" -cl-fp32-correctly-rounded-divide-sqrt -DSOMD_CR_SQRT");
        }
        // The elements per work-item of the widened elementwise kernels (`SOMD_WIDEN`), which
        // the launches divide their work-items by (`device::Planned`).
        let switches = &crate::exec::placement().switches;
        options.push_str(&format!(" -DSOMD_WIDTH={}", switches.widen));
        // The layout of `long` histogram tables (`runtime/cl/somd_hist.cl`), which the host
        // decodes the same way (`device::histogram`).
        if switches.hist_pairs {
            options.push_str(" -DSOMD_HIST_PAIRS");
        }
        // A broadcast array of one tile copied into local memory too (`SOMD_TILE_SMALL=1`).
        if switches.tile_small {
            options.push_str(" -DSOMD_TILE_SMALL=1");
        }
        // A tiled `@` loop's barrier after its last tile (`runtime/cl/somd_java.cl`).
        if switches.tile_last_barrier {
            options.push_str(" -DSOMD_TILE_LAST_BARRIER=1");
        }
        // Row tiles of 40 KiB rather than 24 where the local memory holds them
        // (`SOMD_ROW_COLS` in `somd_java.cl`), unless `SOMD_WIDE_TILES=0`.
        let local = ctx.device.local_mem_size().unwrap_or(0);
        if switches.wide_tiles && local >= 48 << 10 {
            options.push_str(" -DSOMD_WIDE_TILES");
        }
        // No row held in registers across a fold (`SOMD_HOLD_ROWS=0`; `somd_java.cl`).
        if !switches.hold_rows {
            options.push_str(" -DSOMD_HOLD_OFF");
        }
        if !self.options.is_empty() {
            options.push(' ');
            options.push_str(self.options);
        }
        options
    }
}

/// A failed build: the driver's message and build log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError {
    pub program: String,
    pub message: String,
    pub log: String,
}

/// A program built for one device, with every kernel of it created.
pub struct BuiltProgram {
    pub name: String,
    /// Whether it came from the binary cache.
    pub from_cache: bool,
    kernels: Vec<DeviceKernel>,
    /// `None` for a program without kernels, which is never handed to the driver.
    _program: Option<Program>,
}

impl std::fmt::Debug for BuiltProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuiltProgram")
            .field("name", &self.name)
            .field("from_cache", &self.from_cache)
            .finish_non_exhaustive()
    }
}

impl BuiltProgram {
    /// The kernel called `name`.
    pub fn kernel(&self, name: &str) -> Result<&DeviceKernel, ClFailure> {
        self.kernels
            .iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| ClFailure::NoKernel(format!("{}::{name}", self.name)))
    }
}

/// A program of a device's process-wide table.
pub(crate) struct ProgramEntry {
    source: String,
    options: String,
    built: Result<Arc<BuiltProgram>, BuildError>,
}

/// Builds and cache counters of the process.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BuildStats {
    /// Programs compiled from source.
    pub from_source: u64,
    /// Programs loaded from the disk cache.
    pub cache_hits: u64,
    /// Cached binaries that were damaged or that the driver rejected (rebuilt from source).
    pub cache_rejected: u64,
}

static FROM_SOURCE: AtomicU64 = AtomicU64::new(0);
static CACHE_HITS: AtomicU64 = AtomicU64::new(0);
static CACHE_REJECTED: AtomicU64 = AtomicU64::new(0);

/// Counters of program builds so far.
pub fn build_stats() -> BuildStats {
    BuildStats {
        from_source: FROM_SOURCE.load(Ordering::Relaxed),
        cache_hits: CACHE_HITS.load(Ordering::Relaxed),
        cache_rejected: CACHE_REJECTED.load(Ordering::Relaxed),
    }
}

/// The default binary cache directory (see the module doc); read once per process.
pub fn default_cache_dir() -> Option<&'static Path> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        if let Some(dir) = var("SOMD_CACHE_DIR") {
            return Some(PathBuf::from(dir));
        }
        if let Some(dir) = var("XDG_CACHE_HOME") {
            return Some(PathBuf::from(dir).join("somdc").join("cl"));
        }
        var("HOME").map(|home| PathBuf::from(home).join(".cache").join("somdc").join("cl"))
    })
    .as_deref()
}

impl DeviceCtx {
    /// The program `desc` for this device, built on first request (from the disk cache in
    /// [`default_cache_dir`] when possible) and shared by every later request in the process.
    pub fn program(&'static self, desc: &ProgramDesc<'_>) -> Result<Arc<BuiltProgram>, BuildError> {
        self.program_cached_in(desc, default_cache_dir())
    }

    /// As [`DeviceCtx::program`] with an explicit cache directory (`None`: no disk cache).
    pub fn program_cached_in(
        &'static self,
        desc: &ProgramDesc<'_>,
        cache_dir: Option<&Path>,
    ) -> Result<Arc<BuiltProgram>, BuildError> {
        let source = desc.source();
        let options = desc.build_options(self);
        // The table lock is held during the build, so one program is never built twice.
        let mut programs = self.programs.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = programs.iter().find(|e| e.options == options && e.source == source) {
            return entry.built.clone();
        }
        // A file whose only device work is the runtime's own reductions writes a program
        // without kernels: nothing to build (the NVIDIA driver crashes on such a program).
        let built = if desc.body.contains("__kernel") {
            self.build_uncached(desc.name, &source, &options, cache_dir).map(Arc::new)
        } else {
            Ok(Arc::new(BuiltProgram {
                name: desc.name.to_string(),
                from_cache: false,
                kernels: Vec::new(),
                _program: None,
            }))
        };
        programs.push(ProgramEntry { source, options, built: built.clone() });
        built
    }

    fn build_uncached(
        &self,
        name: &str,
        source: &str,
        options: &str,
        cache_dir: Option<&Path>,
    ) -> Result<BuiltProgram, BuildError> {
        let start = Instant::now();
        let key = self.cache_key(source, options);
        let path = cache_dir.map(|dir| dir.join(format!("{:016x}.bin", fnv1a(key.as_bytes()))));
        match path.as_deref().map(|p| read_cache_file(p, &key)) {
            Some(CacheRead::Hit(binary)) => {
                if let Ok(program) = self.build_from_binary(&binary, options) {
                    CACHE_HITS.fetch_add(1, Ordering::Relaxed);
                    self.trace_build(name, "cache", start);
                    return self.finish_program(name, program, true);
                }
                CACHE_REJECTED.fetch_add(1, Ordering::Relaxed);
            }
            Some(CacheRead::Corrupt) => {
                CACHE_REJECTED.fetch_add(1, Ordering::Relaxed);
            }
            Some(CacheRead::Miss) | None => {}
        }
        let program = self.program_from_source(name, source, options, Step::Build)?;
        FROM_SOURCE.fetch_add(1, Ordering::Relaxed);
        self.trace_build(name, "source", start);
        if let Some(path) = &path {
            if let Ok(binaries) = program.get_binaries() {
                if let Some(binary) = binaries.first().filter(|b| !b.is_empty()) {
                    write_cache_file(path, &key, binary);
                }
            }
        }
        self.finish_program(name, program, false)
    }

    fn cache_key(&self, source: &str, options: &str) -> String {
        let info = self.info;
        format!(
            "options={options}\nplatform={} {}\ndevice={}\ndriver={}\nsource={}\n{source}",
            info.platform_name,
            info.platform_version,
            info.name,
            info.driver_version,
            source.len()
        )
    }

    fn build_from_binary(&self, binary: &[u8], options: &str) -> Result<Program, ()> {
        let devices = [self.device_id()];
        // SAFETY: the device belongs to this context.
        let mut program =
            unsafe { Program::create_from_binary(&self.context, &devices, &[binary]) }
                .map_err(|_| ())?;
        program.build(&devices, options).map_err(|_| ())?;
        Ok(program)
    }

    /// Compiles `desc` for this device (`clCompileProgram`) without linking or keeping it:
    /// the driver's parsing, checks and warnings of the whole program text, but not the
    /// link, which would find a function declared and never defined. For tests that check
    /// many forms of many programs: on PoCL it costs a third of a build, which also links the
    /// driver's library of built-ins. A program without kernels is not compiled, as
    /// [`DeviceCtx::program`] does not build one.
    pub fn compile_only(&self, desc: &ProgramDesc<'_>) -> Result<(), BuildError> {
        if !desc.body.contains("__kernel") {
            return Ok(());
        }
        let options = desc.build_options(self);
        self.program_from_source(desc.name, &desc.source(), &options, Step::Compile).map(drop)
    }

    /// Creates a program from `source` and takes it through `step`, with the driver's log
    /// in the error when the step fails.
    fn program_from_source(
        &self,
        name: &str,
        source: &str,
        options: &str,
        step: Step,
    ) -> Result<Program, BuildError> {
        let fail =
            |message: String, log: String| BuildError { program: name.to_string(), message, log };
        if options.contains('\0') {
            return Err(fail("build options contain a NUL byte".to_string(), String::new()));
        }
        let mut program = Program::create_from_source(&self.context, source)
            .map_err(|err| fail(format!("clCreateProgramWithSource: {err}"), String::new()))?;
        let devices = [self.device_id()];
        let done = match step {
            Step::Build => program.build(&devices, options),
            Step::Compile => program.compile(&devices, options, &[], &[]),
        };
        if let Err(err) = done {
            let log = program.get_build_log(self.device_id()).unwrap_or_default();
            return Err(fail(format!("{}: {err}", step.api()), log));
        }
        Ok(program)
    }

    fn finish_program(
        &self,
        name: &str,
        program: Program,
        from_cache: bool,
    ) -> Result<BuiltProgram, BuildError> {
        let fail =
            |message: String| BuildError { program: name.to_string(), message, log: String::new() };
        let kernels = opencl3::kernel::create_program_kernels(&program)
            .map_err(|err| fail(format!("clCreateKernelsInProgram: {err}")))?;
        let mut device_kernels = Vec::with_capacity(kernels.len());
        for kernel in kernels {
            device_kernels.push(self.device_kernel(kernel).map_err(|err| fail(err.to_string()))?);
        }
        Ok(BuiltProgram {
            name: name.to_string(),
            from_cache,
            kernels: device_kernels,
            _program: Some(program),
        })
    }

    fn device_kernel(&self, kernel: Kernel) -> Result<DeviceKernel, ClFailure> {
        let name = kernel.function_name().map_err(ClFailure::api("clGetKernelInfo"))?;
        let kernel_max =
            kernel.get_work_group_size(self.device_id()).unwrap_or(self.info.max_work_group);
        let multiple = kernel.get_work_group_size_multiple(self.device_id()).unwrap_or(1);
        Ok(DeviceKernel::new(name, kernel, kernel_max.min(self.info.max_work_group), multiple))
    }

    fn trace_build(&self, name: &str, from: &'static str, start: Instant) {
        if trace::enabled() {
            trace::emit(
                "build",
                &[
                    ("program", Value::Str(name)),
                    ("device", Value::Str(self.label)),
                    ("from", Value::Str(from)),
                    ("ns", Value::U64(start.elapsed().as_nanos() as u64)),
                ],
            );
        }
    }
}

/// How far [`DeviceCtx::program_from_source`] takes a program: built (compiled and linked,
/// ready for kernels) or only compiled.
#[derive(Clone, Copy)]
enum Step {
    Build,
    Compile,
}

impl Step {
    fn api(self) -> &'static str {
        match self {
            Step::Build => "clBuildProgram",
            Step::Compile => "clCompileProgram",
        }
    }
}

/// A process-wide slot for one program of generated code:
/// `static PROGRAM: ProgramCell = ProgramCell::new(ProgramDesc { .. });` then
/// `PROGRAM.get(ctx)` in each device call. The first request builds (or loads) it — on the
/// start-up thread of [`crate::opencl::prewarm`] or at the first call; a failed build
/// applies the fallback policy once, at the first [`ProgramCell::get`]
/// ([`policy::build_failed`]: one warning and the CPU, or exit status 2 with the build log
/// under `SOMD_STRICT=1`) and returns `None` ever after, so the caller runs its CPU path.
pub struct ProgramCell {
    desc: ProgramDesc<'static>,
    built: OnceLock<(usize, Result<Arc<BuiltProgram>, BuildError>)>,
    reported: std::sync::Once,
    /// Variants built with extra options (narrow element types): device index, the extra
    /// options, the program (`None` after a failed build).
    variants: std::sync::Mutex<Vec<Variant>>,
}

/// A program of a [`ProgramCell`] built with extra options: device index, the options, the
/// program (`None` after a failed build).
type Variant = (usize, String, Option<Arc<BuiltProgram>>);

impl ProgramCell {
    pub const fn new(desc: ProgramDesc<'static>) -> ProgramCell {
        ProgramCell {
            desc,
            built: OnceLock::new(),
            reported: std::sync::Once::new(),
            variants: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// The program built with `extra` appended to its options (`-D` lines choosing the
    /// element types of narrow arguments), built on first request and kept; `None` after a
    /// failed build, which the fallback policy reports once per variant (the caller then runs
    /// the plain program with `int` storage).
    pub fn variant(&self, ctx: &'static DeviceCtx, extra: &str) -> Option<Arc<BuiltProgram>> {
        let mut variants = self.variants.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, _, built)) =
            variants.iter().find(|(index, options, _)| *index == ctx.info.index && options == extra)
        {
            return built.clone();
        }
        let options = if self.desc.options.is_empty() {
            extra.to_string()
        } else {
            format!("{} {extra}", self.desc.options)
        };
        let desc = ProgramDesc { options: &options, ..self.desc };
        let built = match ctx.program(&desc) {
            Ok(program) => Some(program),
            Err(err) => {
                let cause = format!(
                    "OpenCL program {} with {extra} failed to build on {} ({}); its arrays stay int",
                    err.program, ctx.label, err.message
                );
                policy::fallback(&cause, Some(&err.log));
                None
            }
        };
        variants.push((ctx.info.index, extra.to_string(), built.clone()));
        built
    }

    /// The program on `ctx`'s device, or `None` after a failed build.
    pub fn get(&self, ctx: &'static DeviceCtx) -> Option<Arc<BuiltProgram>> {
        let (index, built) = self.first_build(ctx);
        if *index != ctx.info.index {
            return match ctx.program(&self.desc) {
                Ok(program) => Some(program),
                Err(err) => {
                    policy::build_failed(ctx, &err);
                    None
                }
            };
        }
        match built {
            Ok(program) => Some(program.clone()),
            Err(err) => {
                self.reported.call_once(|| policy::build_failed(ctx, err));
                None
            }
        }
    }

    /// Builds (or loads) the program for `ctx` without reporting a failure: the first
    /// [`ProgramCell::get`] reports it, where the program's output order expects it.
    pub fn prebuild(&self, ctx: &'static DeviceCtx) {
        self.first_build(ctx);
    }

    fn first_build(
        &self,
        ctx: &'static DeviceCtx,
    ) -> &(usize, Result<Arc<BuiltProgram>, BuildError>) {
        self.built.get_or_init(|| (ctx.info.index, ctx.program(&self.desc)))
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

const CACHE_MAGIC: &[u8] = b"SOMDCLBIN1\n";

fn read_cache_file(path: &Path, key: &str) -> CacheRead {
    let Ok(data) = std::fs::read(path) else { return CacheRead::Miss };
    let Some(rest) = data.strip_prefix(CACHE_MAGIC) else { return CacheRead::Corrupt };
    let Some((key_len, rest)) = split_u64(rest) else { return CacheRead::Corrupt };
    let Ok(key_len) = usize::try_from(key_len) else { return CacheRead::Corrupt };
    if rest.len() < key_len || &rest[..key_len] != key.as_bytes() {
        // Another key with the same hash, or a different driver: not ours.
        return CacheRead::Miss;
    }
    let Some((bin_len, rest)) = split_u64(&rest[key_len..]) else { return CacheRead::Corrupt };
    let Some((bin_hash, binary)) = split_u64(rest) else { return CacheRead::Corrupt };
    if binary.is_empty() || binary.len() as u64 != bin_len || fnv1a(binary) != bin_hash {
        return CacheRead::Corrupt;
    }
    CacheRead::Hit(binary.to_vec())
}

fn split_u64(bytes: &[u8]) -> Option<(u64, &[u8])> {
    let (head, rest) = bytes.split_first_chunk::<8>()?;
    Some((u64::from_le_bytes(*head), rest))
}

/// The outcome of looking a program up in the disk cache.
enum CacheRead {
    Miss,
    /// Truncated or damaged: never handed to the driver (some drivers abort on bad input).
    Corrupt,
    Hit(Vec<u8>),
}

fn write_cache_file(path: &Path, key: &str, binary: &[u8]) {
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let tmp = dir.join(format!(".tmp-{}-{nanos}", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut file| {
        file.write_all(CACHE_MAGIC)?;
        file.write_all(&(key.len() as u64).to_le_bytes())?;
        file.write_all(key.as_bytes())?;
        file.write_all(&(binary.len() as u64).to_le_bytes())?;
        file.write_all(&fnv1a(binary).to_le_bytes())?;
        file.write_all(binary)?;
        file.sync_all()
    });
    if written.is_err() || std::fs::rename(&tmp, path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}
