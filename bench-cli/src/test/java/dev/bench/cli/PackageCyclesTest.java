package dev.bench.cli;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * No two packages of the tool depend on each other, directly or round a loop (class literals in
 * annotations, picocli's subcommand lists, count): each package can be read, and moved, on its own.
 */
@AnalyzeClasses(packages = "dev.bench", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageCyclesTest {

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("dev.bench.(**)").should().beFreeOfCycles();
}
