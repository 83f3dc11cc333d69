//! The play lease: which process may reveal and settle the account's unfinished
//! unit. It is an exclusive lock on `<database>.lease`, taken when a process buys
//! or takes up a unit and given back once the unit is settled. The operating
//! system releases it when the process ends, however it ends (even killed), so a
//! crashed kiosk never blocks the next one; while its holder lives, another
//! process cannot touch the unit. The holder writes its process id into the
//! file, for the message the others get.

use std::fs::File;
use std::io::{Read as _, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::files::{create_private, open_side_file};

/// How often a waiting process tries the lock again.
const RETRY: Duration = Duration::from_millis(20);

/// The lease of one store.
#[derive(Debug)]
pub struct Lease {
    path: PathBuf,
    /// The locked file, while this store holds the lease.
    held: Option<File>,
}

/// Another live process holds the lease.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldElsewhere {
    /// Its process id, if it wrote one.
    pub pid: Option<u32>,
}

impl Lease {
    /// The lease kept in the file at `lease_path`, not held.
    #[must_use]
    pub fn new(lease_path: &Path) -> Self {
        Self {
            path: lease_path.to_path_buf(),
            held: None,
        }
    }

    /// Takes the lease, waiting up to `wait` for another holder to give it back.
    ///
    /// # Errors
    /// [`HeldElsewhere`] when another process still holds it; an I/O error if
    /// the lease file cannot be opened.
    pub fn take(&mut self, wait: Duration) -> Result<Result<(), HeldElsewhere>, std::io::Error> {
        if self.held.is_some() {
            return Ok(Ok(()));
        }
        let mut file = match open_side_file(&self.path) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                match create_private(&self.path) {
                    // Another process made it meanwhile: take that one.
                    Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
                        open_side_file(&self.path)?
                    }
                    created => created?,
                }
            }
            opened => opened?,
        };
        let started = Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(std::fs::TryLockError::WouldBlock) if started.elapsed() < wait => {
                    std::thread::sleep(RETRY);
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    let mut text = String::new();
                    let pid = file
                        .read_to_string(&mut text)
                        .ok()
                        .and_then(|_| text.trim().parse().ok());
                    return Ok(Err(HeldElsewhere { pid }));
                }
                Err(std::fs::TryLockError::Error(error)) => return Err(error),
            }
        }
        file.set_len(0)?;
        file.seek(SeekFrom::Start(0))?;
        write!(file, "{}", std::process::id())?;
        self.held = Some(file);
        Ok(Ok(()))
    }

    /// Gives the lease back.
    pub fn give_back(&mut self) {
        if let Some(file) = self.held.take() {
            // Unlocking can only fail on a file that is gone; closing it
            // unlocks, and an emptied lease only tells the holder's process.
            #[expect(clippy::let_underscore_must_use, reason = "said above")]
            let _ = file.set_len(0);
            #[expect(clippy::let_underscore_must_use, reason = "said above")]
            let _ = file.unlock();
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.give_back();
    }
}
