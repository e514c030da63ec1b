package dev.bench.core.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * sysbench's {@code --mysql-dry-run} as a JDBC driver ({@code jdbc:bench-dry-run:}): every call succeeds
 * without a server, as sysbench's MySQL driver pretends each client API call did. A query returns no rows,
 * an update changes none, a batch's statements each none. What a run on it measures is the client alone.
 *
 * <p>Threading: connections are as thread-safe as the JDBC contract asks (one user at a time); they share
 * nothing.
 */
public final class DryRunDriver implements Driver {

    /** The URL prefix; what follows it is ignored. */
    public static final String PREFIX = "jdbc:bench-dry-run:";
    public static final String PRODUCT = "dry run (no server)";
    private static final DryRunDriver INSTANCE = new DryRunDriver();

    static {
        try {
            DriverManager.registerDriver(INSTANCE);
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DryRunDriver() {
    }

    /** Whether a target's connections are this driver's: nothing it runs reaches a server. */
    public static boolean isDryRun(JdbcTarget target) {
        return target.maskedUrl().startsWith(PREFIX);
    }

    /** Registers the driver with DriverManager (once, by loading this class). */
    static void register() {
        // the static initializer did it
    }

    @Override
    public Connection connect(String url, Properties info) {
        return acceptsURL(url) ? proxy(Connection.class, new ConnectionCalls(url)) : null;
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 1;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("no logger");
    }

    private static <T> T proxy(Class<T> type, InvocationHandler calls) {
        return type.cast(Proxy.newProxyInstance(DryRunDriver.class.getClassLoader(), new Class<?>[] {type}, calls));
    }

    /** What a call that this driver gives no answer of its own returns: nothing, zero or false, boxed as its type. */
    private static Object nothing(Method m) {
        Class<?> r = m.getReturnType();
        if (!r.isPrimitive() || r == void.class) {
            return null;
        }
        if (r == boolean.class) {
            return false;
        }
        if (r == int.class) {
            return 0;
        }
        if (r == long.class) {
            return 0L;
        }
        if (r == double.class) {
            return 0.0;
        }
        if (r == float.class) {
            return 0.0f;
        }
        if (r == short.class) {
            return (short) 0;
        }
        return r == byte.class ? (Object) (byte) 0 : (Object) (char) 0;
    }

    /** The answers every proxy shares: wrapper calls, identity. */
    private abstract static class Calls implements InvocationHandler {
        boolean closed;

        @Override
        public final Object invoke(Object self, Method m, Object[] args) throws Throwable {
            switch (m.getName()) {
                case "close":
                    closed = true;
                    return null;
                case "isClosed":
                    return closed;
                case "isWrapperFor":
                    return ((Class<?>) args[0]).isInstance(self);
                case "unwrap":
                    if (((Class<?>) args[0]).isInstance(self)) {
                        return self;
                    }
                    throw new SQLException("a dry run's " + m.getDeclaringClass().getSimpleName() + " wraps nothing");
                case "hashCode":
                    return System.identityHashCode(self);
                case "equals":
                    return self == args[0];
                case "toString":
                    return "dry run " + m.getDeclaringClass().getSimpleName();
                default:
                    return call(self, m, args);
            }
        }

        abstract Object call(Object self, Method m, Object[] args) throws SQLException;
    }

    private static final class ConnectionCalls extends Calls {
        private final String url;
        private boolean autoCommit = true;
        private int isolation = Connection.TRANSACTION_REPEATABLE_READ;

        ConnectionCalls(String url) {
            this.url = url;
        }

        @Override
        Object call(Object self, Method m, Object[] args) {
            Connection connection = (Connection) self;
            return switch (m.getName()) {
                case "createStatement" -> proxy(Statement.class, new StatementCalls(connection));
                case "prepareStatement" -> proxy(PreparedStatement.class, new StatementCalls(connection));
                case "prepareCall" -> proxy(CallableStatement.class, new StatementCalls(connection));
                case "getMetaData" -> proxy(DatabaseMetaData.class, new MetaDataCalls(connection, url));
                case "isValid" -> !closed;
                case "getAutoCommit" -> autoCommit;
                case "setAutoCommit" -> {
                    autoCommit = (Boolean) args[0];
                    yield null;
                }
                case "getTransactionIsolation" -> isolation;
                case "setTransactionIsolation" -> {
                    isolation = (Integer) args[0];
                    yield null;
                }
                case "nativeSQL" -> args[0];
                default -> nothing(m);
            };
        }
    }

    private static final class StatementCalls extends Calls {
        private final Connection connection;
        private int batched;

        StatementCalls(Connection connection) {
            this.connection = connection;
        }

        @Override
        Object call(Object self, Method m, Object[] args) {
            return switch (m.getName()) {
                case "executeQuery", "getGeneratedKeys" -> emptyResultSet((Statement) self);
                case "getResultSet" -> null;
                case "getUpdateCount" -> -1;
                case "getLargeUpdateCount" -> -1L;
                case "addBatch" -> {
                    batched++;
                    yield null;
                }
                case "clearBatch" -> {
                    batched = 0;
                    yield null;
                }
                case "executeBatch" -> {
                    int[] counts = new int[batched];
                    batched = 0;
                    yield counts;
                }
                case "executeLargeBatch" -> {
                    long[] counts = new long[batched];
                    batched = 0;
                    yield counts;
                }
                case "getConnection" -> connection;
                default -> nothing(m);
            };
        }
    }

    private static ResultSet emptyResultSet(Statement statement) {
        return proxy(ResultSet.class, new ResultSetCalls(statement));
    }

    private static final class ResultSetCalls extends Calls {
        private final Statement statement;

        ResultSetCalls(Statement statement) {
            this.statement = statement;
        }

        @Override
        Object call(Object self, Method m, Object[] args) {
            return switch (m.getName()) {
                case "getStatement" -> statement;
                case "getMetaData" -> proxy(ResultSetMetaData.class, new NoColumns());
                case "wasNull" -> true;
                default -> nothing(m);
            };
        }
    }

    private static final class NoColumns extends Calls {
        @Override
        Object call(Object self, Method m, Object[] args) {
            return nothing(m);
        }
    }

    private static final class MetaDataCalls extends Calls {
        private final Connection connection;
        private final String url;

        MetaDataCalls(Connection connection, String url) {
            this.connection = connection;
            this.url = url;
        }

        @Override
        Object call(Object self, Method m, Object[] args) {
            if (m.getReturnType() == ResultSet.class) {
                return emptyResultSet(null); // no tables, columns or indexes
            }
            return switch (m.getName()) {
                case "getConnection" -> connection;
                case "getURL" -> url;
                case "getDatabaseProductName" -> PRODUCT;
                case "getDatabaseProductVersion", "getDriverVersion" -> "1.0";
                case "getDriverName" -> "bench dry run";
                case "getIdentifierQuoteString" -> "`";
                default -> nothing(m);
            };
        }
    }
}
