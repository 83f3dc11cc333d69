//! Where the server's time goes while the kiosks play: `pg_stat_activity`
//! sampled on a connection of its own, every connection of the kiosk role
//! counted as working (on a CPU), waiting on a heavyweight lock (a row, a
//! transaction, an advisory lock), waiting on the server itself (I/O, its
//! internal locks), or waiting for its client (between two calls: a round
//! trip, the kiosk's own work, or a connection idle in the pool); and the
//! processor time the server's processes and this one used meanwhile, read
//! from `/proc` (the load runs on the server's machine only).

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::Context as _;
use guichet_network::Endpoint;

/// How often the server is looked at.
const EVERY: Duration = Duration::from_millis(20);

/// The heavyweight locks told apart in the report, by `wait_event`.
const LOCKS: [&str; 4] = ["transactionid", "tuple", "advisory", "relation"];

/// The kernel's unit of processor time in `/proc` (`USER_HZ`, 100 on Linux).
const TICKS_A_SECOND: f64 = 100.0;

/// Processor time used so far, in seconds.
#[derive(Clone, Copy, Debug)]
struct Used {
    /// By the server: its first process, its live children and those gone.
    server: f64,
    /// By this process.
    this: f64,
}

impl Used {
    /// Now, the server's first process being `postmaster`.
    fn now(postmaster: u32) -> anyhow::Result<Self> {
        let mut server = {
            let [user, system, children_user, children_system] = times(postmaster)?;
            user + system + children_user + children_system
        };
        for entry in std::fs::read_dir("/proc")? {
            let Some(pid) = entry?
                .file_name()
                .to_str()
                .and_then(|name| name.parse::<u32>().ok())
            else {
                continue;
            };
            // A process may end between the listing and its reading.
            if parent(pid).ok() == Some(postmaster)
                && let Ok([user, system, ..]) = times(pid)
            {
                server += user + system;
            }
        }
        let [user, system, ..] = times(std::process::id())?;
        Ok(Self {
            server,
            this: user + system,
        })
    }
}

/// What `/proc/PID/stat` says after the process's name.
fn stat_fields(pid: u32) -> anyhow::Result<Vec<String>> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    let (_, after_name) = text
        .rsplit_once(')')
        .context("a process's stat without its name")?;
    Ok(after_name.split_whitespace().map(str::to_owned).collect())
}

/// Process `pid`'s parent.
fn parent(pid: u32) -> anyhow::Result<u32> {
    // The state, then the parent's pid.
    Ok(stat_fields(pid)?
        .get(1)
        .context("a process's stat without its parent")?
        .parse()?)
}

/// Process `pid`'s user and system time, and its children's gone, in seconds.
fn times(pid: u32) -> anyhow::Result<[f64; 4]> {
    let fields = stat_fields(pid)?;
    // utime, stime, cutime, cstime: the stat's 14th to 17th fields, the
    // 12th to 15th after the name.
    let mut times = [0.0; 4];
    for (time, field) in times.iter_mut().zip(fields.iter().skip(11)) {
        *time = field.parse::<f64>()? / TICKS_A_SECOND;
    }
    Ok(times)
}

/// The connections' states seen, summed over the samples.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    samples: u64,
    working: u64,
    /// Waiting on each of [`LOCKS`], then on any other heavyweight lock.
    locks: [u64; LOCKS.len() + 1],
    server: u64,
    client: u64,
    /// Processor time used while sampling, in seconds: by the server, by
    /// this process; and the time it lasted.
    used: (f64, f64),
    lasted: f64,
}

impl Tally {
    /// Connections seen in all.
    fn seen(&self) -> u64 {
        self.working + self.locks.iter().sum::<u64>() + self.server + self.client
    }

    /// The processor time used while sampling, for `units` units played.
    pub(crate) fn processors(&self, units: u32) -> String {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let (server, this) = self.used;
        format!(
            "processor time while the kiosks played ({:.1} s on {cores} cores): the server {server:.1} s ({:.2} ms a unit), guichet-load {this:.1} s ({:.2} ms a unit); {:.0} % of the cores busy with both",
            self.lasted,
            1000.0 * server / f64::from(units.max(1)),
            1000.0 * this / f64::from(units.max(1)),
            100.0 * (server + this) / (self.lasted * cores as f64).max(f64::MIN_POSITIVE),
        )
    }

    /// One line: each state's share of the connections seen.
    pub(crate) fn report(&self) -> String {
        let seen = self.seen().max(1) as f64;
        let share = |count: u64| 100.0 * count as f64 / seen;
        let locks: u64 = self.locks.iter().sum();
        let kinds = LOCKS
            .iter()
            .copied()
            .chain(["other"])
            .zip(self.locks)
            .filter(|(_, count)| *count > 0)
            .map(|(kind, count)| format!("{kind} {:.1} %", share(count)))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "where the kiosk role's connections were ({} samples, {:.1} connections a sample): working on a CPU {:.1} %, waiting on locks {:.1} %{}, on I/O and the server's internal locks {:.1} %, for their client (round trips, the kiosks' own work, idle in the pool) {:.1} %",
            self.samples,
            self.seen() as f64 / self.samples.max(1) as f64,
            share(self.working),
            share(locks),
            if kinds.is_empty() {
                String::new()
            } else {
                format!(" ({kinds})")
            },
            share(self.server),
            share(self.client),
        )
    }
}

/// A sampler running beside the load, until [`Sampler::finish`].
pub(crate) struct Sampler {
    stop: std::sync::Arc<AtomicBool>,
    thread: JoinHandle<anyhow::Result<Tally>>,
}

impl Sampler {
    /// Starts sampling the connections of role `kiosk_role` on `server`
    /// (a superuser's endpoint: it sees every connection's state).
    pub(crate) fn start(server: &Endpoint, kiosk_role: &str) -> anyhow::Result<Self> {
        let mut client = server
            .connect()
            .context("connecting to sample the server")?;
        let role = kiosk_role.to_owned();
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let backend: i32 = client.query_one("SELECT pg_backend_pid()", &[])?.get(0);
        let postmaster = parent(backend.unsigned_abs())
            .context("finding the server's processes (on this machine)")?;
        let thread = std::thread::spawn(move || {
            let started = (std::time::Instant::now(), Used::now(postmaster)?);
            let statement = client.prepare(
                "SELECT CASE
                            WHEN state = 'active' AND wait_event_type IS NULL THEN 'working'
                            WHEN wait_event_type = 'Lock' THEN 'lock:' || wait_event
                            WHEN state = 'active' AND wait_event_type <> 'Client' THEN 'server'
                            ELSE 'client'
                        END
                 FROM pg_stat_activity
                 WHERE usename = $1 AND datname = current_database()
                   AND pid <> pg_backend_pid()",
            )?;
            let mut tally = Tally::default();
            while !stopping.load(Ordering::Relaxed) {
                for row in client.query(&statement, &[&role])? {
                    let state: String = row.get(0);
                    match state.strip_prefix("lock:") {
                        Some(kind) => {
                            let at = LOCKS
                                .iter()
                                .position(|known| *known == kind)
                                .unwrap_or(LOCKS.len());
                            tally.locks[at] += 1;
                        }
                        None if state == "working" => tally.working += 1,
                        None if state == "server" => tally.server += 1,
                        None => tally.client += 1,
                    }
                }
                tally.samples += 1;
                std::thread::sleep(EVERY);
            }
            let used = Used::now(postmaster)?;
            tally.used = (used.server - started.1.server, used.this - started.1.this);
            tally.lasted = started.0.elapsed().as_secs_f64();
            Ok(tally)
        });
        Ok(Self { stop, thread })
    }

    /// Stops sampling; what was seen.
    pub(crate) fn finish(self) -> anyhow::Result<Tally> {
        self.stop.store(true, Ordering::Relaxed);
        self.thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn the_report_gives_each_states_share_of_the_connections_seen() {
        let tally = Tally {
            samples: 10,
            working: 40,
            locks: [20, 10, 0, 0, 0],
            server: 5,
            client: 25,
            used: (30.0, 5.0),
            lasted: 20.0,
        };
        assert_eq!(
            tally.report(),
            "where the kiosk role's connections were (10 samples, 10.0 connections a sample): working on a CPU 40.0 %, waiting on locks 30.0 % (transactionid 20.0 %, tuple 10.0 %), on I/O and the server's internal locks 5.0 %, for their client (round trips, the kiosks' own work, idle in the pool) 25.0 %"
        );
        assert!(
            tally.processors(10_000).contains(
                "the server 30.0 s (3.00 ms a unit), guichet-load 5.0 s (0.50 ms a unit)"
            )
        );
    }
}
