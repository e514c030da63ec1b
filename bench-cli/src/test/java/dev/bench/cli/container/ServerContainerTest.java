package dev.bench.cli.container;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.MSSQLServerContainer;
import org.testcontainers.containers.MariaDBContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.PostgreSQLContainer;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What --container does without starting anything. */
class ServerContainerTest {

    @Test
    void withoutAnEngineItSaysWhatIsMissingInOneLine() {
        BenchException e = assertThrows(BenchException.class, () -> ServerContainer.requireEngine(() -> false));
        assertTrue(e.getMessage().startsWith("--container needs a container engine and none answered (")
                && e.getMessage().contains("DOCKER_HOST"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void eachKindIsItsOwnContainerType() {
        assertInstanceOf(PostgreSQLContainer.class, ServerContainer.create(ServerContainer.Kind.POSTGRES));
        assertInstanceOf(MySQLContainer.class, ServerContainer.create(ServerContainer.Kind.MYSQL));
        assertInstanceOf(MariaDBContainer.class, ServerContainer.create(ServerContainer.Kind.MARIADB));
        assertInstanceOf(MSSQLServerContainer.class, ServerContainer.create(ServerContainer.Kind.MSSQL));
        // the image names themselves resolve only with Docker; scripts/lint-workflows.sh checks them against compose
        assertTrue(ServerImages.MSSQL.startsWith("mcr.microsoft.com/mssql/server:2022-"), ServerImages.MSSQL);
    }

    @Test
    void theOptionNamesAServerOrTakesTheCommandsDefault() {
        assertEquals(ServerContainer.Kind.POSTGRES, ServerContainer.Kind.parse("", ServerContainer.Kind.POSTGRES, ServerContainer.Kind.SQL));
        assertEquals(ServerContainer.Kind.MARIADB, ServerContainer.Kind.parse("MariaDB", ServerContainer.Kind.POSTGRES, ServerContainer.Kind.SQL));
        BenchException e = assertThrows(BenchException.class,
                () -> ServerContainer.Kind.parse("memcached", ServerContainer.Kind.POSTGRES, EnumSet.of(ServerContainer.Kind.POSTGRES)));
        assertEquals("--container takes postgres here, got 'memcached'", e.getMessage());
    }
}
