//! The kiosk's sounds, synthesized when played (no sound file is shipped): a
//! button's click, a reveal's swish, a ball's knock, a peg's tick, and
//! a win whose chime grows with the prize. Played on the default output
//! device (`guichet_alsa`, libasound loaded at run time); without one (CI,
//! tests, a kiosk without speakers or without libasound) the kiosk is silent
//! and says so once on its standard error, nothing more.

use std::f32::consts::TAU;
use std::time::Duration;

/// Samples per second of the synthesized sounds.
const RATE: u32 = 44_100;

/// A sound the kiosk plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A button pressed.
    Button,
    /// A zone revealed (a card, a banknote, a diamond, a GO).
    Reveal,
    /// A knock: a ball drawn.
    Knock,
    /// A tick: a puck hitting a peg.
    Tick,
    /// A win, from 1 (a small prize) to 5 (a prize of a thousand stakes or
    /// more): as many notes rising.
    Win(u8),
}

impl Cue {
    /// The win's cue for a prize `prize_per_stake` times the stake: one note
    /// for up to twice the stake, one more for each tenfold.
    #[must_use]
    pub fn win(prize_per_stake: f64) -> Self {
        let level = 1.0 + (prize_per_stake / 2.0).max(1.0).log10().floor();
        Self::Win(level.clamp(1.0, 5.0) as u8)
    }

    /// The cue's samples, mono, at [`RATE`].
    #[must_use]
    pub fn samples(self) -> Vec<f32> {
        match self {
            Self::Button => tone(1_400.0, 0.035, 0.5),
            Self::Reveal => swish(0.16),
            Self::Knock => {
                let mut knock = tone(520.0, 0.09, 0.7);
                mix_in(&mut knock, &tone(780.0, 0.06, 0.3), 0);
                knock
            }
            Self::Tick => tone(2_300.0, 0.025, 0.35),
            Self::Win(level) => {
                // A rising major arpeggio, one note per level, the last held.
                const NOTES: [f32; 5] = [523.25, 659.25, 783.99, 1_046.5, 1_318.5];
                let notes = usize::from(level.clamp(1, 5));
                let step = (0.11 * RATE as f32) as usize;
                let mut chime = vec![0.0; step * notes + (0.5 * RATE as f32) as usize];
                for (index, frequency) in NOTES.iter().take(notes).enumerate() {
                    let held = if index + 1 == notes { 0.5 } else { 0.2 };
                    mix_in(&mut chime, &tone(*frequency, held, 0.45), step * index);
                }
                chime
            }
        }
    }
}

/// A sine at `frequency` for `seconds`, struck then fading, at `loudness`.
fn tone(frequency: f32, seconds: f32, loudness: f32) -> Vec<f32> {
    let count = (seconds * RATE as f32) as usize;
    (0..count)
        .map(|index| {
            let t = index as f32 / RATE as f32;
            let attack = (t / 0.004).min(1.0);
            let decay = (-5.0 * t / seconds).exp();
            loudness * attack * decay * (TAU * frequency * t).sin()
        })
        .collect()
}

/// A soft filtered noise, rising then falling, for `seconds`.
fn swish(seconds: f32) -> Vec<f32> {
    let count = (seconds * RATE as f32) as usize;
    let mut state: u32 = 0x9E37_79B9;
    let mut smooth = 0.0_f32;
    (0..count)
        .map(|index| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let noise = (state as f32 / u32::MAX as f32) * 2.0 - 1.0;
            smooth += 0.25 * (noise - smooth);
            let place = index as f32 / count as f32;
            0.5 * smooth * (std::f32::consts::PI * place).sin()
        })
        .collect()
}

/// Adds `sound` into `into` from sample `at` on.
fn mix_in(into: &mut [f32], sound: &[f32], at: usize) {
    for (target, sample) in into.iter_mut().skip(at).zip(sound) {
        *target += sample;
    }
}

/// Where the sounds go.
enum Output {
    /// The default device, to be opened at the first cue.
    NotYetOpened,
    /// The device.
    Device(guichet_alsa::Output),
    /// None: silence.
    Silent,
}

/// The kiosk's sound output: the device, if there is one, and the player's
/// and operator's choices.
pub struct Sound {
    output: std::cell::RefCell<Output>,
    on: bool,
    volume: u8,
    /// The last cues played (to the device, if there is one), newest last:
    /// what a test hears.
    played: std::cell::RefCell<Vec<Cue>>,
}

/// How many of the last cues [`Sound::played`] keeps.
const CUES_KEPT: usize = 64;

impl Sound {
    /// No output: every cue is silence (the screen tests, a kiosk without
    /// speakers).
    #[must_use]
    pub const fn silent() -> Self {
        Self {
            output: std::cell::RefCell::new(Output::Silent),
            on: true,
            volume: 70,
            played: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// The default output device, opened at the first cue rather than at
    /// start (it takes milliseconds the first frame should not wait for); no
    /// device is silence, said once on standard error.
    #[must_use]
    pub const fn on_first_cue() -> Self {
        Self {
            output: std::cell::RefCell::new(Output::NotYetOpened),
            on: true,
            volume: 70,
            played: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// Whether a device plays the cues (after the first cue).
    #[must_use]
    pub fn has_device(&self) -> bool {
        matches!(*self.output.borrow(), Output::Device(_))
    }

    /// Opens the default device, the first time.
    fn open(&self) {
        let mut output = self.output.borrow_mut();
        if matches!(*output, Output::NotYetOpened) {
            *output = match guichet_alsa::Output::open_default(RATE) {
                Ok(device) => Output::Device(device),
                Err(error) => {
                    eprintln!("guichet: no sound ({error}); the kiosk plays silently");
                    Output::Silent
                }
            };
        }
    }

    /// Sound on or off, and the volume (0 to 100).
    pub fn set(&mut self, on: bool, volume: u8) {
        self.on = on;
        self.volume = volume.min(100);
    }

    /// Plays `cue` after `delay` (nothing without a device, off, or at volume 0).
    pub fn play_after(&self, cue: Cue, delay: Duration) {
        if !self.on || self.volume == 0 {
            return;
        }
        {
            let mut played = self.played.borrow_mut();
            if played.len() == CUES_KEPT {
                played.remove(0);
            }
            played.push(cue);
        }
        self.open();
        let output = self.output.borrow();
        let Output::Device(device) = &*output else {
            return;
        };
        let gain = f32::from(self.volume) / 100.0;
        let samples = cue
            .samples()
            .into_iter()
            .map(|sample| sample * gain)
            .collect();
        device.play(samples, delay);
    }

    /// The last cues played (at most 64), newest last, device or not.
    #[must_use]
    pub fn played(&self) -> Vec<Cue> {
        self.played.borrow().clone()
    }

    /// Plays `cue` now.
    pub fn play(&self, cue: Cue) {
        self.play_after(cue, Duration::ZERO);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_grows_with_the_prize() {
        assert_eq!(Cue::win(1.0), Cue::Win(1));
        assert_eq!(Cue::win(2.0), Cue::Win(1));
        assert_eq!(Cue::win(25.0), Cue::Win(2));
        assert_eq!(Cue::win(250.0), Cue::Win(3));
        assert_eq!(Cue::win(2_500.0), Cue::Win(4));
        assert_eq!(Cue::win(20_000.0), Cue::Win(5));
        let lengths: Vec<usize> = (1..=5)
            .map(|level| Cue::Win(level).samples().len())
            .collect();
        assert!(
            lengths.windows(2).all(|pair| pair[0] < pair[1]),
            "{lengths:?}"
        );
    }

    #[test]
    fn every_cue_is_short_and_never_clips() {
        for cue in [Cue::Button, Cue::Reveal, Cue::Knock, Cue::Tick, Cue::Win(5)] {
            let samples = cue.samples();
            assert!(!samples.is_empty(), "{cue:?}");
            assert!(samples.len() < RATE as usize * 2, "{cue:?} lasts under 2 s");
            assert!(
                samples.iter().all(|sample| sample.abs() <= 1.0),
                "{cue:?} stays in range"
            );
        }
    }

    #[test]
    fn silence_plays_nothing_and_does_not_fail() {
        let mut sound = Sound::silent();
        sound.set(true, 100);
        assert!(!sound.has_device());
        sound.play(Cue::Win(5));
    }
}
