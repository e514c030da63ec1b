package dev.bench.cli.container;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.MSSQLServerContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.PostgreSQLContainer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What --container does without starting anything (these machines have no Docker engine). */
class ServerContainerTest {

    @Test
    void withoutDockerItSaysSoInOneLine() {
        for (ServerContainer.Kind kind : ServerContainer.Kind.values()) {
            BenchException e = assertThrows(BenchException.class, () -> ServerContainer.start(kind, () -> false));
            assertTrue(e.getMessage().startsWith("--container needs a working Docker engine"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
    }

    @Test
    void eachKindIsItsOwnContainerType() {
        assertInstanceOf(PostgreSQLContainer.class, ServerContainer.create(ServerContainer.Kind.POSTGRES));
        assertInstanceOf(MySQLContainer.class, ServerContainer.create(ServerContainer.Kind.MYSQL));
        assertInstanceOf(MSSQLServerContainer.class, ServerContainer.create(ServerContainer.Kind.MSSQL));
        // the image names themselves resolve only with Docker; scripts/lint-workflows.sh checks them against compose
        assertTrue(ServerImages.MSSQL.startsWith("mcr.microsoft.com/mssql/server:2022-"), ServerImages.MSSQL);
    }
}
