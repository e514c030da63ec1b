package dev.bench.cli.sysbench;

import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.TargetOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * bench's own options under {@code bench sysbench} (--url, --results, --report-interval, ...), read by
 * the shared mixins from the {@code --name=value} forms {@link SysbenchOptionValues#benchArgs} passes;
 * its command spec is what the run's summary.json echoes.
 */
@Command(name = "sysbench", defaultValueProvider = SysbenchRunOptions.Defaults.class)
final class SysbenchBenchOptions {

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions run;
}
