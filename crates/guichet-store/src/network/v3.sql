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
