//! What the Plinko tests pin of a fall: its samples, bit for bit.

use guichet_core::games::star_fortune::plinko::Trajectory;
use sha2::{Digest as _, Sha256};

/// The SHA-256 of a fall's samples (time, x, y, angle), bit for bit.
pub fn digest(fall: &Trajectory) -> [u8; 32] {
    let mut hash = Sha256::new();
    for sample in &fall.samples {
        for value in [sample.t, sample.x, sample.y, sample.angle] {
            hash.update(value.to_bits().to_le_bytes());
        }
    }
    hash.finalize().into()
}
