//! The host side of the failure-reporting protocol (see the [`crate::opencl`] module doc
//! and `runtime/cl/somd_errors.cl`): the error buffer, and its translation into the Java
//! exception the CPU backends raise for the same failure, with the same text.

use super::cl::{kind, ERR_WORDS};
use super::device::DeviceCtx;
use super::ClFailure;
use crate::error::{self, class, JavaException, SourcePos};
use opencl3::memory::{Buffer, ClMem, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE};
use opencl3::types::{cl_mem, CL_BLOCKING};

/// The `__global int *somd_err` buffer of a batch of launches (zeroed on creation; a batch
/// that fails ends the program, so it never needs resetting).
#[derive(Debug)]
pub struct ErrorBuffer {
    ctx: &'static DeviceCtx,
    buffer: Buffer<i32>,
}

impl ErrorBuffer {
    pub fn new(ctx: &'static DeviceCtx) -> Result<ErrorBuffer, ClFailure> {
        let mut zeros = [0i32; ERR_WORDS];
        // SAFETY: `zeros` is copied during the call (CL_MEM_COPY_HOST_PTR).
        let buffer = unsafe {
            Buffer::<i32>::create(
                &ctx.context,
                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                ERR_WORDS,
                zeros.as_mut_ptr().cast(),
            )
        }
        .map_err(ClFailure::api("clCreateBuffer(somd_err)"))?;
        Ok(ErrorBuffer { ctx, buffer })
    }

    pub fn mem(&self) -> cl_mem {
        self.buffer.get()
    }

    /// Reads the buffer (waiting for every launch queued before) and returns its words.
    pub fn read(&self) -> Result<[i32; ERR_WORDS], ClFailure> {
        let mut words = [0i32; ERR_WORDS];
        // SAFETY: blocking read of the whole (ERR_WORDS-int) buffer into a local array.
        unsafe {
            self.ctx.queue.enqueue_read_buffer(&self.buffer, CL_BLOCKING, 0, &mut words, &[])
        }
        .map_err(ClFailure::api("clEnqueueReadBuffer(somd_err)"))?;
        Ok(words)
    }

    /// Waits for the launches queued so far and raises the recorded failure, if any, as the
    /// Java exception at its site's position (`sites[site id]`). Call it after each launch or
    /// batch of launches, before the host reads any result.
    pub fn check(&self, sites: &'static [SourcePos]) -> Result<(), ClFailure> {
        let words = self.read()?;
        if let Some(exc) = decode(&words, sites) {
            error::throw(exc);
        }
        Ok(())
    }
}

/// The exception recorded in an error buffer, or `None` when its flag is 0. An unknown site
/// id or kind (a bug in a kernel) becomes a `java.lang.Error` that names it.
pub fn decode(words: &[i32; ERR_WORDS], sites: &'static [SourcePos]) -> Option<JavaException> {
    if words[0] == 0 {
        return None;
    }
    let [_, site, kind, index, length] = *words;
    let Some(pos) = usize::try_from(site).ok().and_then(|s| sites.get(s)) else {
        return Some(JavaException::unplaced(
            "java.lang.Error",
            format!("kernel reported failure kind {kind} at unknown site {site}"),
        ));
    };
    let exc = |class: &'static str, detail: String| JavaException::new(class, detail, *pos);
    Some(match kind {
        kind::BOUNDS => exc(
            class::ARRAY_INDEX_OUT_OF_BOUNDS,
            format!("Index {index} out of bounds for length {length}"),
        ),
        kind::DIV_ZERO => exc(class::ARITHMETIC, "/ by zero".to_string()),
        kind::NEGATIVE_SIZE => exc(class::NEGATIVE_ARRAY_SIZE, index.to_string()),
        kind::NULL => exc(class::NULL_POINTER, String::new()),
        kind::VALUE_BOUND => exc(
            class::ILLEGAL_ARGUMENT,
            format!("value array of length {index} does not fit [[{length}]]"),
        ),
        kind::MAP_LENGTHS => exc(
            class::ILLEGAL_ARGUMENT,
            format!("mapped arguments of @ have different lengths: {index} and {length}"),
        ),
        kind::EMPTY_REDUCE => {
            exc(class::ILLEGAL_ARGUMENT, "reduction of an empty array with a method".to_string())
        }
        other => JavaException::new(
            "java.lang.Error",
            format!("kernel reported unknown failure kind {other}"),
            *pos,
        ),
    })
}
