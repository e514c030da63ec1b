package dev.bench.core;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SecretsTest {

    @AfterEach
    void forget() {
        Secrets.forgetAll();
    }

    /** sysbench's help names the option's type, STRING, where a value would stand: that line is printed as it is. */
    @Test
    void anOptionsHelpLineKeepsItsTypeName() {
        String help = "  --pgsql-password=STRING PostgreSQL password []";
        assertEquals(help, Secrets.mask(help));
        assertEquals("  --mysql-password=STRING          MySQL password []",
                Secrets.mask("  --mysql-password=STRING          MySQL password []"));
    }

    @Test
    void aValueIsMaskedEvenWhenItIsSpelledLikeTheTypeName() {
        assertEquals("--pgsql-password=**** run", Secrets.mask("--pgsql-password=hunter2 run"));
        assertEquals("jdbc:postgresql://h/db?password=****&user=u", Secrets.mask("jdbc:postgresql://h/db?password=STRING&user=u"));
        assertEquals("--mysql-password=****", Secrets.mask("--mysql-password=STRING"));
        assertEquals("--mysql-password=****", Secrets.mask("--mysql-password=string"), "STRING only in capitals is a type name");
        Secrets.remember("STRING");
        assertEquals("--mysql-password=**** MySQL", Secrets.mask("--mysql-password=STRING MySQL"), "a password that is STRING is remembered");
    }
}
