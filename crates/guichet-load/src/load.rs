//! `guichet-load`: many simulated kiosks buying and playing out units from one
//! PostgreSQL database at once, then every sale checked against its block's
//! order and tiers, and the whole database verified.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use guichet_core::block::{Block, Seed};
use guichet_core::emission::Emission;
use guichet_core::games;
use guichet_core::money::Cents;
use guichet_network::{Kiosk, Operator, PlayerAccount, Sale, Session};
use guichet_sale::{LimitKind, MAX_LIMIT, PointOfSale, StoreError, Unit};
use guichet_sqlite::OpenOptions;
use guichet_sqlite::keys::KeyStore;

use guichet_cli::{Failure, Output};

use crate::args::LoadArgs;
use crate::fault::Fault;
use crate::pgbench;
use crate::pool::Pool;
use crate::retry::Retries;
use crate::server_time;

/// The emission the kiosks buy: the registry's whose blocks are the smallest
/// (they open in a second), the lowest stake of them.
fn emission() -> &'static Emission {
    games::emissions()
        .min_by_key(|emission| (emission.block_size, emission.stake))
        .expect("the registry has emissions")
}

/// The PIN every simulated player signs in with.
const PIN: &str = "4821";

/// Units bought from SQLite beside, at most: one kiosk, one at a time.
const SQLITE_UNITS: u32 = 2_000;

/// Each simulated kiosk's thread stack: it holds a few latencies, no more.
const KIOSK_STACK: usize = 128 * 1024;

/// Runs `guichet load`: exit 0 when every check holds, 1 otherwise.
pub(super) fn run(arguments: &LoadArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let mut operator = Operator::connect_to(&arguments.db).context("connecting as the operator")?;
    let password = Seed::generate()
        .context("drawing the kiosk role's password")?
        .expose_hex();
    operator
        .install(&arguments.kiosk_role, &password)
        .context("setting up the schema (the database must be empty)")?;
    let seeds = open_blocks(&mut operator, arguments.units, out)?;

    let (funds, secrets) = add_kiosks_and_players(&mut operator, arguments)?;

    let mut kiosk_config = arguments.db.clone();
    kiosk_config
        .config_mut()
        .user(&arguments.kiosk_role)
        .password(&password);
    let pool = Pool::connect(&kiosk_config, arguments.connections.min(arguments.kiosks))
        .context("connecting as the kiosk role")?;
    let sessions = sign_in_at_once(&pool, &secrets, out)?;
    let fault = fault_of(arguments);
    // A fault's run measures the kiosks going through it, not the server's
    // steady time (its processes change).
    let sampler = match fault {
        None => Some(server_time::Sampler::start(
            &arguments.db,
            &arguments.kiosk_role,
        )?),
        Some(_) => None,
    };
    let mut run = play_at_once(arguments, &pool, &secrets, sessions, fault.as_ref())?;
    let server_time = sampler
        .map(server_time::Sampler::finish)
        .transpose()
        .context("sampling the server")?;
    let units_per_second = report_play(arguments, &mut run, server_time.as_ref(), out)?;
    // Connected again: a fault closed the operator's connection too.
    let mut operator = Operator::connect_to(&arguments.db).context("connecting as the operator")?;

    let beside = arguments.units.min(SQLITE_UNITS);
    let (sqlite_elapsed, sqlite_latencies, sqlite_violations) =
        sqlite_one_kiosk(beside).context("buying from SQLite, for comparison")?;
    out.line(format_args!(
        "beside it, SQLite (this kiosk's own file, one kiosk): {beside} units bought and played out in {:.2} s: {:.0} units/s; purchase p50 {:.2} ms, p99 {:.2} ms",
        sqlite_elapsed.as_secs_f64(),
        f64::from(beside) / sqlite_elapsed.as_secs_f64(),
        percentile(&sqlite_latencies, 50).as_secs_f64() * 1000.0,
        percentile(&sqlite_latencies, 99).as_secs_f64() * 1000.0,
    ))?;

    if arguments.compare_pgbench {
        pgbench::compare(arguments, units_per_second, out)?;
    }

    let sales = operator.sales(emission()).context("reading the sales")?;
    let mut problems = check(&sales, &seeds, arguments.units);
    for (number, played) in (0..).zip(run.played_by) {
        let name = player(number);
        let (balance, explained) = operator.account(&name).context("reading the accounts")?;
        let spent = i64::from(played.units).saturating_mul(emission().stake.0);
        if !explained || balance.0 != funds.0 - spent + played.won.0 {
            problems.push(format!(
                "{name}: balance {balance} after {} units won {}, its ledger {}",
                played.units,
                played.won,
                if explained { "balanced" } else { "unbalanced" }
            ));
        }
    }
    problems.extend(operator.verify().context("verifying the database")?);
    problems.extend(
        sqlite_violations
            .into_iter()
            .map(|violation| format!("SQLite: {violation}")),
    );
    if problems.is_empty() {
        out.line(format_args!(
            "ok: {} units sold, the first of their packs in order, no gap, no repeat, each with its block's tier, revealed and settled; {} players' ledgers balanced; verify passes on both engines",
            sales.len(),
            arguments.kiosks
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    for problem in problems.iter().take(20) {
        out.line(problem)?;
    }
    out.line(format_args!("{} problem(s)", problems.len()))?;
    Ok(ExitCode::from(1))
}

/// Opens the blocks `units` units need, and one more; their seeds, by number.
fn open_blocks(
    operator: &mut Operator,
    units: u32,
    out: &mut Output,
) -> Result<Vec<Seed>, Failure> {
    let blocks = units.div_ceil(emission().block_size) + 1;
    let opening = Instant::now();
    let seeds = (0..blocks)
        .map(|number| {
            let seed = Seed::generate()?;
            operator.open_block(emission(), number, &seed)?;
            Ok(seed)
        })
        .collect::<anyhow::Result<Vec<Seed>>>()
        .context("opening the blocks")?;
    out.line(format_args!(
        "opened {blocks} block(s) of {} ({} units each) in {:.1} s",
        emission().code(),
        emission().block_size,
        opening.elapsed().as_secs_f64()
    ))?;
    Ok(seeds)
}

/// Prints what the kiosks' `run` came to: its rate and latencies (sorted
/// here), where the server's time went when it was sampled, and the fault
/// when one was brought on. Returns the units a second.
fn report_play(
    arguments: &LoadArgs,
    run: &mut Run,
    server_time: Option<&server_time::Tally>,
    out: &mut Output,
) -> Result<f64, Failure> {
    run.latencies.sort_unstable();
    let units_per_second = f64::from(arguments.units) / run.elapsed.as_secs_f64();
    out.line(format_args!(
        "{} units bought, revealed and settled by {} kiosks over {} connections in {:.2} s: {:.0} units/s; purchase p50 {:.2} ms, p99 {:.2} ms",
        run.latencies.len(),
        arguments.kiosks,
        arguments.connections.min(arguments.kiosks),
        run.elapsed.as_secs_f64(),
        units_per_second,
        percentile(&run.latencies, 50).as_secs_f64() * 1000.0,
        percentile(&run.latencies, 99).as_secs_f64() * 1000.0,
    ))?;
    if let Some(server_time) = server_time {
        out.line(server_time.report())?;
        out.line(server_time.processors(arguments.units))?;
    }
    if let Some(struck) = &run.fault {
        out.line(format_args!(
            "{struck}; the kiosks made {} calls again ({} found their purchase or settlement done, its answer lost), the longest wait for the server {:.1} s",
            run.retries.calls.load(Ordering::Relaxed),
            run.retries.found_done.load(Ordering::Relaxed),
            Duration::from_millis(run.retries.longest_ms.load(Ordering::Relaxed)).as_secs_f64()
        ))?;
    }
    Ok(units_per_second)
}

/// Adds each simulated kiosk to the network and opens the account of the
/// player it serves, funded to pay for every unit of the run (at most the
/// highest 7-day limit: above 200 000 units, one kiosk could not buy them all
/// alone). Returns each account's funds and each kiosk's secret, by number.
fn add_kiosks_and_players(
    operator: &mut Operator,
    arguments: &LoadArgs,
) -> anyhow::Result<(Cents, Vec<String>)> {
    let funds = emission()
        .stake
        .checked_mul(i64::from(arguments.units))
        .context("too many units")?
        .min(MAX_LIMIT);
    let mut secrets = Vec::new();
    for number in 0..arguments.kiosks {
        secrets.push(
            operator
                .add_kiosk(&kiosk_name(number))
                .context("adding the kiosks")?,
        );
        for kind in [LimitKind::Deposit, LimitKind::Stake] {
            operator
                .set_limit(&player(number), kind, MAX_LIMIT, "load")
                .context("setting the players' limits")?;
        }
        operator
            .deposit(&player(number), funds, "load")
            .context("crediting the players")?;
        operator
            .set_pin(&player(number), PIN)
            .context("setting the players' PINs")?;
    }
    Ok((funds, secrets))
}

/// What a simulated kiosk did: units played out, and their prizes.
#[derive(Default)]
struct Played {
    units: u32,
    won: Cents,
}

/// Every simulated kiosk's player signs in at once (kiosk `n` known by
/// `secrets[n]`), each on a connection borrowed from `pool`, before the
/// clock of the units starts; says how long it took. Their sessions, by
/// number.
fn sign_in_at_once(
    pool: &Pool,
    secrets: &[String],
    out: &mut Output,
) -> Result<Vec<Option<Session>>, Failure> {
    let started = Instant::now();
    let sessions = std::thread::scope(|scope| {
        let kiosks: Vec<_> = (0..)
            .zip(secrets)
            .map(|(number, secret)| {
                std::thread::Builder::new()
                    .stack_size(KIOSK_STACK)
                    .spawn_scoped(scope, move || {
                        let payer = player(number);
                        let client = pool
                            .take()
                            .map_err(|error| format!("{payer} signing in: {error}"))?;
                        let mut seat = PlayerAccount::new(Kiosk::with_client(
                            client,
                            &kiosk_name(number),
                            secret,
                        ));
                        let signed = seat.sign_in(&payer, PIN);
                        let (kiosk, session) = seat.into_parts();
                        pool.give_back(kiosk.into_client());
                        signed
                            .map(|()| session)
                            .map_err(|error| format!("{payer} signing in: {error}"))
                    })
            })
            .collect::<Result<_, _>>()
            .unwrap_or_else(|error| panic!("cannot start a kiosk's thread: {error}"));
        kiosks
            .into_iter()
            .map(|kiosk| {
                kiosk
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect::<Result<Vec<_>, String>>()
    })
    .map_err(anyhow::Error::msg)?;
    out.line(format_args!(
        "{} players signed in at their kiosks at once in {:.2} s (a bcrypt hash each)",
        secrets.len(),
        started.elapsed().as_secs_f64()
    ))?;
    Ok(sessions)
}

/// What the kiosks' run came to: how long it took, each purchase's time,
/// what each kiosk played, the fault brought on, if one was, and the calls
/// made again.
struct Run {
    elapsed: Duration,
    latencies: Vec<Duration>,
    played_by: Vec<Played>,
    fault: Option<String>,
    retries: Retries,
}

/// The fault the arguments ask for, if any.
fn fault_of(arguments: &LoadArgs) -> Option<Fault> {
    let primary = arguments.kill_primary.clone()?;
    Some(match arguments.failover_to.clone() {
        Some(standby) => Fault::Failover { primary, standby },
        None => Fault::Crash {
            primary,
            down: Duration::from_secs(arguments.down_seconds.into()),
        },
    })
}

/// The run itself: `arguments.kiosks` simulated kiosks, each its own thread,
/// its player signed in (`sessions`, by number), buying and playing out units
/// over the connections of `pool` until `arguments.units` are bought, kiosk
/// `n` known by `secrets[n]`; `fault` brought on once a third of the units
/// are claimed.
fn play_at_once(
    arguments: &LoadArgs,
    pool: &Pool,
    secrets: &[String],
    sessions: Vec<Option<Session>>,
    fault: Option<&Fault>,
) -> anyhow::Result<Run> {
    let claimed = AtomicU32::new(0);
    let done = AtomicBool::new(false);
    let retries = Retries::default();
    let started = Instant::now();
    let (results, struck) = std::thread::scope(|scope| {
        let striker = fault.map(|fault| {
            let (claimed, done) = (&claimed, &done);
            scope.spawn(move || fault.strike_at(claimed, arguments.units / 3, done))
        });
        let kiosks: Vec<_> = (0..arguments.kiosks)
            .zip(secrets)
            .zip(sessions)
            .map(|((number, secret), session)| {
                let (claimed, retries) = (&claimed, &retries);
                std::thread::Builder::new()
                    .stack_size(KIOSK_STACK)
                    .spawn_scoped(scope, move || {
                        let kiosk = Seat {
                            pool,
                            name: kiosk_name(number),
                            secret,
                            retries,
                        };
                        kiosk.play_until_done(claimed, arguments.units, session)
                    })
            })
            .collect::<Result<_, _>>()
            .unwrap_or_else(|error| panic!("cannot start a kiosk's thread: {error}"));
        let results: Vec<Result<(Vec<Duration>, Played), String>> = kiosks
            .into_iter()
            .map(|kiosk| {
                kiosk
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect();
        done.store(true, Ordering::Relaxed);
        let struck = striker.map(|striker| {
            striker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        (results, struck)
    });
    let elapsed = started.elapsed();
    let fault = struck
        .transpose()
        .context("bringing the fault on")?
        .flatten();
    let mut latencies = Vec::with_capacity(arguments.units as usize);
    let mut played_by = Vec::with_capacity(results.len());
    for kiosk in results {
        let (kiosk_latencies, played) = kiosk
            .map_err(anyhow::Error::msg)
            .context("a kiosk's play")?;
        played_by.push(played);
        latencies.extend(kiosk_latencies);
    }
    Ok(Run {
        elapsed,
        latencies,
        played_by,
        fault,
        retries,
    })
}

/// One kiosk buying `units` units from its own SQLite file (in a temporary
/// folder, removed after), each finished before the next as a kiosk does: the
/// time of it all, of each purchase, and what `verify` finds in the file.
fn sqlite_one_kiosk(units: u32) -> anyhow::Result<(Duration, Vec<Duration>, Vec<String>)> {
    let folder = std::env::temp_dir().join(format!("guichet-load-{}", std::process::id()));
    std::fs::create_dir_all(&folder)?;
    let run = || -> anyhow::Result<(Duration, Vec<Duration>, Vec<String>)> {
        // A throwaway kiosk: its keys in a folder of their own beside it.
        let mut store = OpenOptions::new()
            .keys(KeyStore::Folder(folder.join("keys")))
            .open(&folder.join("guichet.sqlite3"))?;
        store.add_player("1", "2468", true)?;
        store.act_for("1")?;
        for kind in [LimitKind::Deposit, LimitKind::Stake] {
            store.set_limit(kind, MAX_LIMIT)?;
        }
        let cost = emission()
            .stake
            .checked_mul(i64::from(units))
            .context("too many units")?;
        store.deposit(cost)?;
        let mut latencies = Vec::with_capacity(units as usize);
        let started = Instant::now();
        for _ in 0..units {
            let asked = Instant::now();
            let unit = store.buy(emission())?;
            latencies.push(asked.elapsed());
            store.finish(unit.id)?;
        }
        let elapsed = started.elapsed();
        latencies.sort_unstable();
        Ok((elapsed, latencies, store.verify()?))
    };
    let result = run();
    if let Err(error) = std::fs::remove_dir_all(&folder) {
        eprintln!("the scratch folder {} is left: {error}", folder.display());
    }
    result
}

/// The player simulated kiosk `number` serves.
fn player(number: u32) -> String {
    format!("player-{number}")
}

/// Simulated kiosk `number`'s name.
fn kiosk_name(number: u32) -> String {
    format!("load-{number}")
}

/// One simulated kiosk: its name, its secret, the connections it borrows
/// and the count of the calls the kiosks made again.
struct Seat<'a> {
    pool: &'a Pool,
    name: String,
    secret: &'a str,
    retries: &'a Retries,
}

impl Seat<'_> {
    /// `act` on the kiosk's seat for the player of `session`, over a
    /// connection borrowed for it and given back after.
    fn with_seat<T>(
        &self,
        session: &mut Option<Session>,
        act: impl FnOnce(&mut PlayerAccount) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let client = self.pool.take()?;
        let mut seat = PlayerAccount::resume(
            Kiosk::with_client(client, &self.name, self.secret),
            session.take(),
        );
        let done = act(&mut seat);
        let (kiosk, kept) = seat.into_parts();
        *session = kept;
        self.pool.give_back(kiosk.into_client());
        done
    }

    /// Claims a unit to buy, buys it from its player's account and gives
    /// the connection back; then borrows one again to reveal the unit all at
    /// once and settle it — until `units` are claimed. A call whose
    /// connection was lost is made again until the server answers; a
    /// purchase made again finds the unit the one before bought, if it did
    /// (the server refuses a second while one is unsettled), and a unit
    /// played out again is credited once. Returns each purchase's time and
    /// what it played, or the first error.
    fn play_until_done(
        &self,
        claimed: &AtomicU32,
        units: u32,
        mut session: Option<Session>,
    ) -> Result<(Vec<Duration>, Played), String> {
        let mut latencies = Vec::new();
        let mut played = Played::default();
        while claimed.fetch_add(1, Ordering::Relaxed) < units {
            // The purchase's time: its calls', once it has a connection.
            let mut took = Duration::ZERO;
            let unit = self
                .retries
                .retried(|again| {
                    self.with_seat(&mut session, |seat| {
                        let asked = Instant::now();
                        let bought = match seat.buy(emission()) {
                            Err(StoreError::UnitUnfinished(bought)) if again => {
                                self.retries.found_done.fetch_add(1, Ordering::Relaxed);
                                seat.unit(bought)
                            }
                            bought => bought,
                        };
                        took = asked.elapsed();
                        bought
                    })
                })
                .map_err(|error| error.to_string())?;
            latencies.push(took);
            let (id, prize) = (unit.id, unit.prize);
            let mut sent_again = false;
            let settlement = self
                .retries
                .retried(|again| {
                    sent_again |= again;
                    self.with_seat(&mut session, |seat| seat.play_out(Unit::clone(&unit)))
                })
                .map_err(|error| error.to_string())?;
            if !settlement.credited {
                if !sent_again {
                    return Err(format!("unit {id} was settled before it was played"));
                }
                self.retries.found_done.fetch_add(1, Ordering::Relaxed);
            }
            played.units += 1;
            played.won = played.won.checked_add(prize).unwrap_or(played.won);
        }
        Ok((latencies, played))
    }
}

/// What is wrong with `sales` by the seeds this run drew: `units` sold in
/// all, each with the tier its block's seed gives. (The order of the sales,
/// their blocks and the tables of the sold-out ones are `verify`'s.)
fn check(sales: &[Sale], seeds: &[Seed], units: u32) -> Vec<String> {
    let mut problems = Vec::new();
    if sales.len() != units as usize {
        problems.push(format!("{} units sold, not {units}", sales.len()));
    }
    let blocks: Vec<Block> = (0_u32..)
        .zip(seeds)
        .map(|(number, seed)| Block::open(emission(), number, seed))
        .collect();
    for sale in sales {
        let given = usize::try_from(sale.block)
            .ok()
            .and_then(|number| blocks.get(number))
            .filter(|block| sale.index < block.size())
            .map(|block| block.tier_of_unit(sale.index));
        if given != Some(sale.tier) {
            problems.push(format!(
                "block {}: unit {} sold with tier {:?}, this run's seed gives {given:?}",
                sale.block, sale.index, sale.tier
            ));
        }
    }
    problems
}

/// The `percent`-th percentile of sorted `values`.
fn percentile(values: &[Duration], percent: usize) -> Duration {
    if values.is_empty() {
        return Duration::ZERO;
    }
    values[(values.len() - 1) * percent / 100]
}
