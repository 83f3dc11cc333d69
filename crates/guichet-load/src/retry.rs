//! A kiosk's calls made again when the connection to the server is lost:
//! after a wait that doubles each time, for a minute at most.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use guichet_sale::StoreError;

/// The first wait after a lost connection.
const FIRST_WAIT: Duration = Duration::from_millis(50);

/// The longest wait between two tries.
const LONGEST_WAIT: Duration = Duration::from_secs(2);

/// How long a kiosk tries before it gives up.
const GIVE_UP_AFTER: Duration = Duration::from_mins(1);

/// What the kiosks' tries came to, counted across their threads.
#[derive(Default)]
pub(crate) struct Retries {
    /// Calls made again.
    pub(crate) calls: AtomicU64,
    /// The longest a kiosk waited for the server, in milliseconds.
    pub(crate) longest_ms: AtomicU64,
    /// Purchases and settlements made again that found the try before had
    /// been done, its answer lost: the unit bought, or credited.
    pub(crate) found_done: AtomicU64,
}

impl Retries {
    /// `attempt` until it does not fail for a lost connection: given `true`
    /// when it is a try again (so it may find what the try before did),
    /// waiting 50 ms, then twice as long each time up to 2 s between tries,
    /// for 60 s at most.
    ///
    /// # Errors
    /// `attempt`'s error, when it is not a lost connection or the minute is
    /// over.
    pub(crate) fn retried<T>(
        &self,
        mut attempt: impl FnMut(bool) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let lost_at = Instant::now();
        let mut wait = FIRST_WAIT;
        let mut again = false;
        loop {
            match attempt(again) {
                Err(error)
                    if guichet_network::connection_lost(&error)
                        && lost_at.elapsed() < GIVE_UP_AFTER =>
                {
                    std::thread::sleep(wait);
                    wait = (wait * 2).min(LONGEST_WAIT);
                    again = true;
                    self.calls.fetch_add(1, Ordering::Relaxed);
                }
                done => {
                    if again {
                        let waited =
                            u64::try_from(lost_at.elapsed().as_millis()).unwrap_or(u64::MAX);
                        self.longest_ms.fetch_max(waited, Ordering::Relaxed);
                    }
                    return done;
                }
            }
        }
    }
}
