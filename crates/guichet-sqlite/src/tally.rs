//! The tally: the high-water mark of what the database has committed, kept
//! outside it (`<database>.tally`), so that a database that lost committed
//! sales — its `-wal` file deleted after a crash, an old copy put back — is
//! noticed at open instead of selling the same units again.
//!
//! After every committed write the store records the highest unit and ledger
//! entry ids; at open, a database below the recorded mark is refused. The record
//! is 32 bytes written in place and synced: a magic word, the two ids, and a
//! checksum. Limits: a tally lost with the `-wal` file detects nothing, and a
//! tally that is itself damaged is rebuilt from the database (with a warning).

use std::fs::File;
use std::io::{ErrorKind, Read as _};
use std::os::unix::fs::FileExt as _;
use std::path::Path;

use crate::files::{create_private, open_side_file, read_side_file, sync_folder_of};

/// The first eight bytes of a tally.
const MAGIC: &[u8; 8] = b"GUICTALY";

/// What a database has committed: its highest unit and ledger entry ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// The highest unit id.
    pub units: i64,
    /// The highest ledger entry id.
    pub ledger: i64,
}

impl Mark {
    /// Whether a database at `self` has lost something recorded at `recorded`.
    #[must_use]
    pub const fn is_behind(self, recorded: Self) -> bool {
        self.units < recorded.units || self.ledger < recorded.ledger
    }

    fn encode(self) -> [u8; 32] {
        let mut record = [0; 32];
        record[..8].copy_from_slice(MAGIC);
        record[8..16].copy_from_slice(&self.units.to_le_bytes());
        record[16..24].copy_from_slice(&self.ledger.to_le_bytes());
        let sum = checksum(&record[..24]);
        record[24..].copy_from_slice(&sum.to_le_bytes());
        record
    }

    fn decode(record: &[u8]) -> Option<Self> {
        let record: &[u8; 32] = record.try_into().ok()?;
        let stored = u64::from_le_bytes(record[24..].try_into().ok()?);
        (record[..8] == MAGIC[..] && stored == checksum(&record[..24])).then(|| Self {
            units: i64::from_le_bytes(record[8..16].try_into().unwrap_or_default()),
            ledger: i64::from_le_bytes(record[16..24].try_into().unwrap_or_default()),
        })
    }
}

/// FNV-1a: enough to tell a torn or scribbled record.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What opening the tally found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// A sound record.
    Mark(Mark),
    /// No tally yet (a new database, or one from before tallies).
    Missing,
    /// A record that does not read back.
    Damaged,
}

/// The open tally file.
#[derive(Debug)]
pub struct Tally {
    file: File,
}

impl Tally {
    /// Opens (or creates, privately) the tally at `path`, and says what it held.
    pub fn open(path: &Path) -> std::io::Result<(Self, Recorded)> {
        match open_side_file(path) {
            Ok(mut file) => {
                let mut record = Vec::new();
                file.read_to_end(&mut record)?;
                let recorded = Mark::decode(&record).map_or(Recorded::Damaged, Recorded::Mark);
                Ok((Self { file }, recorded))
            }
            Err(error) if error.kind() == ErrorKind::NotFound => {
                let file = create_private(path)?;
                sync_folder_of(path)?;
                Ok((Self { file }, Recorded::Missing))
            }
            Err(error) => Err(error),
        }
    }

    /// What the tally at `path` holds, read without opening it to write (nor
    /// creating it).
    pub fn read(path: &Path) -> std::io::Result<Recorded> {
        match read_side_file(path) {
            Ok(record) => Ok(Mark::decode(&record).map_or(Recorded::Damaged, Recorded::Mark)),
            Err(error) if error.kind() == ErrorKind::NotFound => Ok(Recorded::Missing),
            Err(error) => Err(error),
        }
    }

    /// Records `mark`, durably.
    pub fn record(&self, mark: Mark) -> std::io::Result<()> {
        self.file.write_all_at(&mark.encode(), 0)?;
        self.file.sync_data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_reads_back_and_a_damaged_one_is_told() {
        let folder = tempfile::tempdir().expect("a folder");
        let path = folder.path().join("guichet.sqlite3.tally");
        let (tally, recorded) = Tally::open(&path).expect("a tally");
        assert_eq!(recorded, Recorded::Missing);
        let mark = Mark {
            units: 1_327,
            ledger: 2_700,
        };
        tally.record(mark).expect("recorded");
        drop(tally);
        assert_eq!(Tally::open(&path).expect("a tally").1, Recorded::Mark(mark));
        let mut bytes = std::fs::read(&path).expect("the file");
        bytes[9] ^= 1;
        std::fs::write(&path, bytes).expect("scribbled");
        assert_eq!(Tally::open(&path).expect("a tally").1, Recorded::Damaged);
        assert!(
            Mark {
                units: 1_299,
                ledger: 2_700
            }
            .is_behind(mark)
        );
        assert!(!mark.is_behind(mark));
    }
}
