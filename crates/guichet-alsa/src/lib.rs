//! The kiosk's sound device: ALSA's default output ("default", what the
//! system's sound setup names — `PipeWire`, `PulseAudio` or a card), with
//! libasound loaded when the device is opened (`libasound.so.2`), not linked:
//! building Guichet needs no system headers, and a machine without the
//! library or a device is simply silent.
//!
//! [`Output`] takes mono sounds, each to start after a delay; one thread
//! mixes them in 10 ms chunks and writes those to the device (it blocks
//! there, paced by the device), and sleeps, the device drained, while
//! nothing plays.
//!
//! The only crate of Guichet with `unsafe`: the calls into libasound, in
//! [`Pcm`], each saying why it holds.
//!
//! It imports none of Guichet's crates: the kiosk's sound uses it.

use std::ffi::{CStr, c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// The library loaded at run time.
const LIBRARY: &str = "libasound.so.2";

/// Why no device could be opened: said once, then the kiosk is silent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenError(String);

impl std::fmt::Display for OpenError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&self.0)
    }
}

impl std::error::Error for OpenError {}

/// A sound waiting or playing: its samples, and the frame of the output's
/// timeline it starts at.
struct Playing {
    samples: Vec<f32>,
    start: u64,
}

/// What the caller and the output's thread share.
#[derive(Default)]
struct Queue {
    sounds: Vec<Playing>,
    /// Frames handed to the device so far: where a new sound is placed.
    clock: u64,
    /// The output was dropped: the thread closes the device and ends.
    closed: bool,
}

/// The queue and the bell that wakes the thread.
#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The default output device, open, and the thread that feeds it.
pub struct Output {
    shared: Arc<Shared>,
    rate: u32,
}

impl Output {
    /// Opens the default output for mono sound at `rate` samples a second.
    ///
    /// # Errors
    /// [`OpenError`] when libasound is not on the machine or the default
    /// device cannot be opened (none, busy, refused).
    pub fn open_default(rate: u32) -> Result<Self, OpenError> {
        let shared = Arc::new(Shared::default());
        let (opened, outcome) = mpsc::channel();
        let feeding = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("guichet-sound".to_owned())
            .spawn(move || match Pcm::open_default(rate) {
                Ok(pcm) => {
                    let _ = opened.send(Ok(()));
                    feed(&pcm, &feeding, rate);
                }
                Err(error) => {
                    let _ = opened.send(Err(error));
                }
            })
            .map_err(|error| OpenError(format!("cannot start the sound thread: {error}")))?;
        outcome
            .recv()
            .map_err(|_| OpenError("the sound thread ended at its start".to_owned()))??;
        Ok(Self { shared, rate })
    }

    /// Plays `samples` (mono, at the output's rate, from -1 to 1) after
    /// `delay`, mixed with whatever else plays.
    pub fn play(&self, samples: Vec<f32>, delay: Duration) {
        let delay = (delay.as_secs_f64() * f64::from(self.rate)) as u64;
        let mut queue = self.shared.lock();
        let start = queue.clock + delay;
        queue.sounds.push(Playing { samples, start });
        drop(queue);
        self.shared.wake.notify_one();
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.wake.notify_one();
    }
}

/// The output's thread: mixes what plays in 10 ms chunks and writes them;
/// drains the device and sleeps while nothing plays; ends once the output
/// is dropped.
fn feed(pcm: &Pcm, shared: &Shared, rate: u32) {
    let frames = (rate / 100).max(1) as usize;
    let mut mixed = vec![0.0_f32; frames];
    let mut chunk = vec![0_i16; frames];
    let mut idle = true;
    loop {
        let mut queue = shared.lock();
        if queue.closed {
            return;
        }
        if queue.sounds.is_empty() {
            if idle {
                drop(
                    shared
                        .wake
                        .wait(queue)
                        .unwrap_or_else(PoisonError::into_inner),
                );
            } else {
                drop(queue);
                pcm.drain_and_prepare();
                idle = true;
            }
            continue;
        }
        idle = false;
        mix(&mut queue, &mut mixed);
        drop(queue);
        for (out, sample) in chunk.iter_mut().zip(&mixed) {
            *out = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
        }
        pcm.write(&chunk);
    }
}

/// Mixes the next `into.len()` frames of what plays into `into`, moves the
/// clock past them and forgets the sounds that ended.
fn mix(queue: &mut Queue, into: &mut [f32]) {
    into.fill(0.0);
    let from = queue.clock;
    let length = into.len() as u64;
    for sound in &queue.sounds {
        let end = sound.start + sound.samples.len() as u64;
        if sound.start >= from + length || end <= from {
            continue;
        }
        let first = sound.start.max(from);
        let last = end.min(from + length);
        for frame in first..last {
            into[(frame - from) as usize] += sound.samples[(frame - sound.start) as usize];
        }
    }
    queue.clock += length;
    let clock = queue.clock;
    queue
        .sounds
        .retain(|sound| sound.start + sound.samples.len() as u64 > clock);
}

/// `snd_pcm_open(&pcm, name, stream, mode)`.
type OpenFn = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
/// `snd_pcm_set_params(pcm, format, access, channels, rate, soft_resample, latency_us)`.
type SetParamsFn =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
/// `snd_pcm_writei(pcm, buffer, frames)`.
type WriteFn = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
/// `snd_pcm_recover(pcm, error, silent)`.
type RecoverFn = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
/// `snd_pcm_drain`, `snd_pcm_prepare`, `snd_pcm_close`: `(pcm) -> error`.
type PcmFn = unsafe extern "C" fn(*mut c_void) -> c_int;
/// `snd_strerror(error)`.
type StrErrorFn = unsafe extern "C" fn(c_int) -> *const c_char;

/// `SND_PCM_STREAM_PLAYBACK`.
const PLAYBACK: c_int = 0;
/// `SND_PCM_FORMAT_S16_LE`.
const S16_LE: c_int = 2;
/// `SND_PCM_ACCESS_RW_INTERLEAVED`.
const RW_INTERLEAVED: c_int = 3;
/// How far ahead of the speaker the device's buffer runs, in microseconds.
const LATENCY_US: c_uint = 40_000;

/// Function `name` of `library`, as a `T`.
///
/// # Safety
/// `T` must be the function's C prototype.
#[allow(unsafe_code)]
unsafe fn symbol<T: Copy>(library: &libloading::Library, name: &str) -> Result<T, OpenError> {
    // SAFETY: the caller gives the prototype; the symbol is copied out while
    // `library` stays loaded in the `Pcm` that uses it.
    unsafe { library.get::<T>(name.as_bytes()) }
        .map(|function| *function)
        .map_err(|_| OpenError(format!("{LIBRARY} lacks {name}")))
}

/// An open playback device of libasound, and the functions it is driven by.
/// Lives on the output's thread alone.
struct Pcm {
    handle: *mut c_void,
    write: WriteFn,
    recover: RecoverFn,
    drain: PcmFn,
    prepare: PcmFn,
    close: PcmFn,
    /// Kept loaded while the functions above are used.
    _library: libloading::Library,
}

impl Pcm {
    /// Loads libasound and opens its default playback device, mono 16-bit
    /// at `rate`.
    fn open_default(rate: u32) -> Result<Self, OpenError> {
        // SAFETY: loading libasound runs its initialisers, which have no
        // preconditions; it is a system library meant to be loaded so.
        #[allow(unsafe_code)]
        let library = unsafe { libloading::Library::new(LIBRARY) }
            .map_err(|error| OpenError(format!("{LIBRARY} is not on this machine ({error})")))?;
        // SAFETY: each type above is the C prototype of the function named,
        // as alsa/pcm.h and alsa/error.h declare it.
        #[allow(unsafe_code)]
        let (open, set_params, write, recover, drain, prepare, close, strerror) = unsafe {
            (
                symbol::<OpenFn>(&library, "snd_pcm_open")?,
                symbol::<SetParamsFn>(&library, "snd_pcm_set_params")?,
                symbol::<WriteFn>(&library, "snd_pcm_writei")?,
                symbol::<RecoverFn>(&library, "snd_pcm_recover")?,
                symbol::<PcmFn>(&library, "snd_pcm_drain")?,
                symbol::<PcmFn>(&library, "snd_pcm_prepare")?,
                symbol::<PcmFn>(&library, "snd_pcm_close")?,
                symbol::<StrErrorFn>(&library, "snd_strerror")?,
            )
        };
        let said = |error: c_int| {
            // SAFETY: snd_strerror returns a static string for any code.
            #[allow(unsafe_code)]
            let text = unsafe { CStr::from_ptr(strerror(error)) };
            text.to_string_lossy().into_owned()
        };
        let mut handle = std::ptr::null_mut();
        // SAFETY: `handle` is a valid place for the new device; the name is
        // a NUL-terminated string that outlives the call.
        #[allow(unsafe_code)]
        let opened = unsafe { open(&raw mut handle, c"default".as_ptr(), PLAYBACK, 0) };
        if opened < 0 {
            return Err(OpenError(format!(
                "cannot open the default sound output: {}",
                said(opened)
            )));
        }
        let pcm = Self {
            handle,
            write,
            recover,
            drain,
            prepare,
            close,
            _library: library,
        };
        // SAFETY: `pcm.handle` was just opened and is not yet closed.
        #[allow(unsafe_code)]
        let set = unsafe { set_params(pcm.handle, S16_LE, RW_INTERLEAVED, 1, rate, 1, LATENCY_US) };
        if set < 0 {
            return Err(OpenError(format!(
                "the default sound output refuses mono 16-bit sound at {rate} Hz: {}",
                said(set)
            )));
        }
        Ok(pcm)
    }

    /// Writes `frames` whole, recovering from an underrun (the device ran
    /// dry) or a suspend; a device that fails otherwise drops the chunk.
    fn write(&self, frames: &[i16]) {
        let mut rest = frames;
        while !rest.is_empty() {
            // SAFETY: the device is open; `rest` holds `rest.len()` frames
            // of one 16-bit channel, as the device was set up.
            #[allow(unsafe_code)]
            let written =
                unsafe { (self.write)(self.handle, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if written >= 0 {
                rest = &rest[(written as usize).min(rest.len())..];
                continue;
            }
            // SAFETY: the device is open; `written` is the error it gave.
            #[allow(unsafe_code)]
            let recovered = unsafe { (self.recover)(self.handle, written as c_int, 1) };
            if recovered < 0 {
                return;
            }
        }
    }

    /// Lets what was written play out, and readies the device for the next
    /// sound.
    fn drain_and_prepare(&self) {
        // SAFETY: the device is open.
        #[allow(unsafe_code)]
        unsafe {
            (self.drain)(self.handle);
            (self.prepare)(self.handle);
        }
    }
}

impl Drop for Pcm {
    fn drop(&mut self) {
        // SAFETY: the device is open, and closed here once.
        #[allow(unsafe_code)]
        unsafe {
            (self.close)(self.handle);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Sums of quarters and halves are exact in f32.
    #[allow(clippy::float_cmp)]
    #[test]
    fn sounds_mix_at_their_start_and_are_forgotten_once_played() {
        let mut queue = Queue::default();
        queue.sounds.push(Playing {
            samples: vec![0.25; 6],
            start: 2,
        });
        queue.sounds.push(Playing {
            samples: vec![0.5; 2],
            start: 4,
        });
        let mut chunk = [0.0; 4];
        mix(&mut queue, &mut chunk);
        assert_eq!(chunk, [0.0, 0.0, 0.25, 0.25]);
        mix(&mut queue, &mut chunk);
        assert_eq!(chunk, [0.75, 0.75, 0.25, 0.25]);
        assert_eq!(queue.sounds.len(), 0, "both ended by frame 8");
        assert_eq!(queue.clock, 8);
        mix(&mut queue, &mut chunk);
        assert_eq!(chunk, [0.0; 4]);
    }

    #[test]
    fn a_machine_without_a_device_is_told_why() {
        // On this kind of machine (CI, no sound card) opening fails with a
        // reason; on one with a device it opens and plays silence.
        match Output::open_default(44_100) {
            Ok(output) => output.play(vec![0.0; 441], Duration::ZERO),
            Err(error) => assert!(!error.to_string().is_empty()),
        }
    }
}
