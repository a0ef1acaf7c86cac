package io.loadlab.servers.domain;

import io.loadlab.core.UserError;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.unit.Duration;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link AsyncZipCodeStore} over the Vert.x reactive PostgreSQL client. No method blocks (except the constructor and
 * {@link #close}); stages complete on a Vert.x event loop and fail with {@link DatabaseException} when the database
 * is down or slower than the timeout. Thread-safe.
 */
public final class ReactiveZipCodeStore implements AsyncZipCodeStore {
    private static final int OWN_EVENT_LOOPS = 2;

    private final Vertx vertx;
    private final boolean ownsVertx;
    private final Pool pool;
    private final DbUrl url;
    private final int poolSize;
    private final long timeoutMs;
    private final String serverVersion;
    private final AtomicLong statements = new AtomicLong();

    /**
     * Opens the pool on {@code vertxOrNull} (or on a Vert.x of its own with {@value #OWN_EVENT_LOOPS} event loops,
     * closed with the store), checks the database answers and creates the table if missing. Blocks for that: do not
     * call it on an event loop.
     *
     * @throws UserError when PostgreSQL cannot be reached
     */
    public ReactiveZipCodeStore(DbUrl url, int poolSize, Duration timeout, Vertx vertxOrNull) {
        this.url = url;
        this.poolSize = poolSize;
        this.timeoutMs = Math.max(250, timeout.toMillis());
        this.ownsVertx = vertxOrNull == null;
        this.vertx = ownsVertx ? Vertx.vertx(new VertxOptions().setEventLoopPoolSize(OWN_EVENT_LOOPS)) : vertxOrNull;
        PgConnectOptions connect = new PgConnectOptions()
                .setHost(url.bareHost())
                .setPort(url.port())
                .setDatabase(url.database())
                .setCachePreparedStatements(true);
        if (url.user() != null) {
            connect.setUser(url.user());
        }
        if (url.password() != null) {
            connect.setPassword(url.password());
        }
        if (url.ssl()) {
            // as JDBC's sslmode=require: encrypted, the (self-signed) certificate trusted without a check
            connect.setSslMode(SslMode.REQUIRE)
                    .setSslOptions(new ClientSSLOptions().setTrustAll(true).setHostnameVerificationAlgorithm(""));
        } else {
            connect.setSslMode(SslMode.DISABLE);
        }
        connect.setReconnectAttempts(0);
        PoolOptions options = new PoolOptions()
                .setName("loadlab-db-reactive")
                .setMaxSize(poolSize)
                .setConnectionTimeout((int) timeoutMs)
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
        NetClientOptions net =
                new NetClientOptions().setConnectTimeout((int) timeoutMs).setTcpNoDelay(true);
        pool = PgBuilder.pool()
                .with(options)
                .with(net)
                .connectingTo(connect)
                .using(vertx)
                .build();
        try {
            serverVersion = await(pool.query(ZipCodeSql.CREATE_TABLE)
                    .execute()
                    .compose(ignored -> pool.query("SHOW server_version").execute())
                    .map(rs -> rs.iterator().next().getString(0)));
        } catch (RuntimeException e) {
            closeQuietly();
            throw new UserError(ZipCodeSql.startError(url, e), e);
        }
    }

    @Override
    public CompletionStage<Upsert> upsert(ZipCode row) {
        return select(row.zip())
                .compose(found -> found != null ? Future.succeededFuture(new Upsert(found, false)) : insert(row))
                .recover(this::failure)
                .toCompletionStage();
    }

    private Future<Upsert> insert(ZipCode row) {
        statements.incrementAndGet();
        Tuple values = Tuple.of(row.zip(), row.type(), row.city(), row.state(), row.county(), row.timezone());
        return pool.preparedQuery(ZipCodeSql.INSERT_PG)
                .execute(values)
                .timeout(timeoutMs, TimeUnit.MILLISECONDS)
                .compose(rs -> {
                    if (rs.iterator().hasNext()) {
                        return Future.succeededFuture(
                                new Upsert(read(rs.iterator().next()), true));
                    }
                    return select(row.zip())
                            .compose(won -> won != null // a concurrent insert won the race
                                    ? Future.succeededFuture(new Upsert(won, false))
                                    : Future.failedFuture(new DatabaseException(
                                            "zip " + row.zip() + " vanished between insert and select", null)));
                });
    }

    @Override
    public CompletionStage<Optional<ZipCode>> find(String zip) {
        return select(zip).map(Optional::ofNullable).recover(this::failure).toCompletionStage();
    }

    private Future<ZipCode> select(String zip) {
        statements.incrementAndGet();
        return pool.preparedQuery(ZipCodeSql.SELECT_PG)
                .execute(Tuple.of(zip))
                .timeout(timeoutMs, TimeUnit.MILLISECONDS)
                .map(ReactiveZipCodeStore::first);
    }

    private static ZipCode first(RowSet<Row> rs) {
        var it = rs.iterator();
        return it.hasNext() ? read(it.next()) : null;
    }

    private static ZipCode read(Row r) {
        return new ZipCode(
                r.getString(0), r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5));
    }

    private <T> Future<T> failure(Throwable e) {
        return Future.failedFuture(
                e instanceof DatabaseException ? e : new DatabaseException(DatabaseException.reason(e), e));
    }

    @Override
    public CompletionStage<Boolean> healthy() {
        return pool.query("SELECT 1")
                .execute()
                .timeout(Math.min(timeoutMs, 2000), TimeUnit.MILLISECONDS)
                .map(rs -> true)
                .otherwise(false)
                .toCompletionStage();
    }

    @Override
    public long statements() {
        return statements.get();
    }

    @Override
    public String serverVersion() {
        return serverVersion;
    }

    /** Closes the pool, and the Vert.x instance when it is this store's own; blocks until done (bounded). */
    @Override
    public void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            await(pool.close());
        } catch (RuntimeException ignored) {
            // closing anyway
        }
        if (ownsVertx) {
            try {
                await(vertx.close());
            } catch (RuntimeException ignored) {
                // closing anyway
            }
        }
    }

    private <T> T await(Future<T> f) {
        try {
            return f.toCompletionStage().toCompletableFuture().get(timeoutMs + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new DatabaseException(DatabaseException.reason(e.getCause()), e.getCause());
        } catch (TimeoutException e) {
            throw new DatabaseException("no answer within " + timeoutMs + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted", e);
        }
    }
}
