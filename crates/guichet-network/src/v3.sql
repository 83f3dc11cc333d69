-- Schema version 3: a kiosk acts as itself only.
--
-- Up to version 2 a kiosk named itself in each call: any login of the kiosk
-- role could sell, reveal and settle as another kiosk, and read the units
-- another kiosk played. Now the operator adds each kiosk with a secret
-- (`guichet network kiosk`), of which only a SHA-256 is kept, in a table the
-- kiosk role cannot read; the kiosks' functions take the kiosk's name and its
-- secret, and refuse both unless they match (GU014). The functions of version
-- 2, which trusted the name, stay as the bodies these call, and the kiosk role
-- may no longer call them (the operator's tool renews the grants).
--
-- After migrating, each kiosk that sold before is added again, by name, with a
-- secret: its sales keep their kiosk.
--
-- And what a kiosk shows the player it serves beside the unit on its table,
-- read the same way: their history at this kiosk, their ledger's net for the
-- reality checks, their limits and exclusion.

UPDATE guichet.schema_version SET version = 3;

CREATE TABLE guichet.kiosks (
    name text PRIMARY KEY,
    secret_sha256 bytea NOT NULL CHECK (length(secret_sha256) = 32),
    added_at timestamptz NOT NULL DEFAULT now()
);

-- Refuses (GU014) unless kiosk `kiosk` was added with secret `secret`.
CREATE FUNCTION guichet.check_kiosk(kiosk text, secret text)
RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    PERFORM 1 FROM guichet.kiosks k
    WHERE k.name = kiosk AND k.secret_sha256 = sha256(convert_to(secret, 'UTF8'));
    IF NOT FOUND THEN
        RAISE EXCEPTION 'kiosk % is not known by this secret', kiosk USING ERRCODE = 'GU014';
    END IF;
END
$$;
REVOKE ALL ON FUNCTION guichet.check_kiosk(text, text) FROM PUBLIC;

-- The kiosks' functions, each as version 2's once the kiosk is checked.

CREATE FUNCTION guichet.sell(wanted text, kiosk text, secret text)
RETURNS TABLE (block_number integer, unit_index integer, tier smallint)
LANGUAGE sql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT guichet.check_kiosk(kiosk, secret);
    SELECT * FROM guichet.sell(wanted, kiosk);
$$;
REVOKE ALL ON FUNCTION guichet.sell(text, text, text) FROM PUBLIC;

CREATE FUNCTION guichet.buy(wanted text, kiosk text, secret text, who text, generator integer)
RETURNS TABLE (sale_id bigint, block_number integer, unit_index integer, tier smallint,
               prize_cents bigint, stream_key bytea, balance_cents bigint, sold_at text)
LANGUAGE sql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT guichet.check_kiosk(kiosk, secret);
    SELECT * FROM guichet.buy(wanted, kiosk, who, generator);
$$;
REVOKE ALL ON FUNCTION guichet.buy(text, text, text, text, integer) FROM PUBLIC;

CREATE FUNCTION guichet.reveal(kiosk text, secret text, sale bigint, first_seq integer,
                               steps text[])
RETURNS integer
LANGUAGE sql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT guichet.check_kiosk(kiosk, secret);
    SELECT guichet.reveal(kiosk, sale, first_seq, steps);
$$;
REVOKE ALL ON FUNCTION guichet.reveal(text, text, bigint, integer, text[]) FROM PUBLIC;

CREATE FUNCTION guichet.settle(kiosk text, secret text, sale bigint)
RETURNS TABLE (credited boolean, prize_cents bigint, balance_cents bigint, settled_at text)
LANGUAGE sql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT guichet.check_kiosk(kiosk, secret);
    SELECT * FROM guichet.settle(kiosk, sale);
$$;
REVOKE ALL ON FUNCTION guichet.settle(text, text, bigint) FROM PUBLIC;

CREATE FUNCTION guichet.kiosk_units(kiosk text, secret text, wanted bigint)
RETURNS TABLE (sale_id bigint, emission text, block_number integer, unit_index integer,
               prize_cents bigint, stream_key bytea, generator integer, sold_at text,
               settled_at text, steps text[])
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT guichet.check_kiosk(kiosk, secret);
    SELECT * FROM guichet.kiosk_units(kiosk, wanted);
$$;
REVOKE ALL ON FUNCTION guichet.kiosk_units(text, text, bigint) FROM PUBLIC;

-- What a kiosk shows the player it serves, beside the unit on its table.

-- The units kiosk `kiosk` sold to player `who`, newest first, at most `lim`
-- (its history page), each as `kiosk_units` gives it.
CREATE INDEX sales_of_kiosk ON guichet.sales (kiosk, id);
CREATE FUNCTION guichet.player_units(kiosk text, secret text, who text, lim integer)
RETURNS TABLE (sale_id bigint, emission text, block_number integer, unit_index integer,
               prize_cents bigint, stream_key bytea, generator integer, sold_at text,
               settled_at text, steps text[])
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    sold bigint;
BEGIN
    PERFORM guichet.check_kiosk(kiosk, secret);
    FOR sold IN
        SELECT s.id FROM guichet.sales s JOIN guichet.players p ON p.id = s.player_id
        WHERE s.kiosk = player_units.kiosk AND p.name = who AND s.generator IS NOT NULL
        ORDER BY s.id DESC LIMIT lim
    LOOP
        RETURN QUERY SELECT * FROM guichet.kiosk_units(kiosk, sold);
    END LOOP;
END
$$;
REVOKE ALL ON FUNCTION guichet.player_units(text, text, text, integer) FROM PUBLIC;

-- Player `who`'s ledger as the kiosk serving them reads it for a reality
-- check: the number of their last entry, and what their stakes and prizes
-- after entry `after` come to (negative when they lost).
CREATE FUNCTION guichet.player_net(kiosk text, secret text, who text, after bigint)
RETURNS TABLE (mark bigint, net_cents bigint)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT guichet.check_kiosk(kiosk, secret);
    SELECT coalesce(max(l.id), 0),
           coalesce(sum(l.amount_cents)
                    FILTER (WHERE l.id > after AND l.kind IN ('stake', 'prize')), 0)::bigint
    FROM guichet.ledger l JOIN guichet.players p ON p.id = l.player_id
    WHERE p.name = who;
$$;
REVOKE ALL ON FUNCTION guichet.player_net(text, text, text, bigint) FROM PUBLIC;

-- Player `who`'s protection as it stands now, for the kiosk serving them: for
-- each limit ('deposit_limit', 'stake_limit') the one in force, a raise
-- waiting (its amount and when it takes effect: the last one set, if it has
-- not taken effect yet) and what the last 7 days used (deposits, or stakes);
-- and the end of the exclusion running, if one is. Times as
-- 2026-11-29T20:01:02Z.
CREATE FUNCTION guichet.player_protection(kiosk text, secret text, who text)
RETURNS TABLE (which text, in_force bigint, pending bigint, pending_from text, used bigint,
               excluded_until text)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT guichet.check_kiosk(kiosk, secret);
    SELECT k.which,
           guichet.limit_in_force(p.id, k.which, now()),
           last.amount_cents,
           to_char(last.effective_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           (SELECT coalesce(sum(abs(l.amount_cents)), 0)::bigint FROM guichet.ledger l
            WHERE l.player_id = p.id AND l.kind = k.ledger_kind
              AND l.at > now() - interval '7 days'),
           (SELECT to_char(max(x.until) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
            FROM guichet.protection x
            WHERE x.player_id = p.id AND x.kind = 'exclusion' HAVING max(x.until) > now())
    FROM guichet.players p
    CROSS JOIN (VALUES ('deposit_limit', 'deposit'), ('stake_limit', 'stake'))
        AS k(which, ledger_kind)
    LEFT JOIN LATERAL (
        SELECT r.amount_cents, r.effective_at FROM guichet.protection r
        WHERE r.player_id = p.id AND r.kind = k.which
        ORDER BY r.id DESC LIMIT 1
    ) AS last ON last.effective_at > now()
    WHERE p.name = who
    ORDER BY k.which;
$$;
REVOKE ALL ON FUNCTION guichet.player_protection(text, text, text) FROM PUBLIC;
