//! The output on a real libasound: the default device made, for this test
//! alone, a file (`~/.asoundrc`'s `type file` plugin over the `null` device),
//! so that what the kiosk would have sent to its speakers is read back:
//! mixed at the rate asked, each sound after its delay, in 16-bit mono.

use std::time::Duration;

use guichet_alsa::Output;

/// Samples per second.
const RATE: u32 = 8_000;

#[test]
fn sounds_reach_the_default_device_after_their_delay() {
    let home = tempfile::tempdir().expect("a temporary home");
    let captured = home.path().join("captured.raw");
    std::fs::write(
        home.path().join(".asoundrc"),
        format!(
            "pcm.!default {{ type file slave.pcm \"null\" file \"{}\" format \"raw\" }}\n",
            captured.display()
        ),
    )
    .expect("an asoundrc");
    // SAFETY: this test binary runs this one test: no other thread reads
    // the environment while it changes.
    #[allow(unsafe_code)]
    unsafe {
        std::env::set_var("HOME", home.path());
    }
    let output = match Output::open_default(RATE) {
        Ok(output) => output,
        // Without libasound at all (a machine of another kind), nothing to
        // check: the kiosk is silent there, as `open_default` says.
        Err(error) if error.to_string().contains("is not on this machine") => return,
        Err(error) => panic!("the file device opens: {error}"),
    };
    output.play(vec![0.5; 800], Duration::from_millis(100));
    std::thread::sleep(Duration::from_millis(600));
    drop(output);
    std::thread::sleep(Duration::from_millis(100));
    let bytes = std::fs::read(&captured).expect("the captured sound");
    let samples: Vec<i16> = bytes
        .chunks_exact(2)
        .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    let first = samples
        .iter()
        .position(|&sample| sample != 0)
        .expect("the sound was played");
    let loud = samples.iter().filter(|&&sample| sample == 16_383).count();
    assert_eq!(first, 800, "it starts after its 100 ms delay (800 frames)");
    assert_eq!(loud, 800, "all of it, at half the full scale");
}
