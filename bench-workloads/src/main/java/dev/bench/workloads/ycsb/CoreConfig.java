package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;
import dev.bench.core.settings.Require;

import java.util.List;

/**
 * YCSB's CoreWorkload properties, typed, with YCSB's defaults, read from the merged {@code -P} files
 * and {@code -p} values ({@link #from}); every check is here, each message naming the property.
 *
 * @param recordCount         records in the table (YCSB: 0 means Integer.MAX_VALUE)
 * @param operationCount      ops of a run; 0: until maxexecutiontime
 * @param insertStart         first record number this client loads
 * @param insertCount         records this client loads (default: recordcount - insertstart)
 * @param maxExecutionSeconds run time limit; 0: none
 * @param threadCount         the {@code threadcount} property (-threads wins)
 * @param target              the {@code target} property, ops/s (-target wins); 0: closed loop
 */
public record CoreConfig(String table, int fieldCount, String fieldNamePrefix, int fieldLength, int minFieldLength,
                         String fieldLengthDistribution, long recordCount, long operationCount, long insertStart,
                         long insertCount, int zeroPadding, boolean readAllFields, boolean writeAllFields,
                         boolean dataIntegrity, boolean orderedInserts, double readProportion, double updateProportion,
                         double insertProportion, double scanProportion, double readModifyWriteProportion,
                         String requestDistribution, int minScanLength, int maxScanLength, String scanLengthDistribution,
                         double hotspotDataFraction, double hotspotOpnFraction, double exponentialPercentile,
                         double exponentialFrac, long maxExecutionSeconds, long statusIntervalSeconds, int threadCount,
                         double target) {

    public static final String CORE_WORKLOAD = "site.ycsb.workloads.CoreWorkload";
    static final List<String> REQUEST_DISTRIBUTIONS = List.of("uniform", "zipfian", "latest", "hotspot", "exponential",
            "sequential");
    /** A column each in the jdbc binding's table: InnoDB takes at most 1017, PostgreSQL 1600. */
    static final int MAX_FIELD_COUNT = 1000;
    static final String ZIPFIAN_CONSTANT = "zipfianconstant";
    static final List<String> MEASUREMENT_TYPES = List.of("hdrhistogram", "histogram", "hdrhistogram+histogram",
            "hdrhistogram+raw", "timeseries", "raw");

    /** @throws BenchException naming the property that is wrong */
    public static CoreConfig from(PropertyReader p) {
        String workload = p.string("workload", CORE_WORKLOAD);
        Require.that(workload.equals(CORE_WORKLOAD), "workload=" + workload + ": only " + CORE_WORKLOAD + " is built in");
        // YCSB's measurement choices are accepted (the report always has both layouts) but must be YCSB's
        p.choice("measurementtype", "hdrhistogram", MEASUREMENT_TYPES);
        p.choice("measurement.interval", "op", List.of("op", "intended", "both"));
        long records = p.number("recordcount", 0);
        if (p.has("recordcount")) {
            // YCSB reads 0 as Integer.MAX_VALUE: a load of 2^31 rows, a run whose every key is missing
            Require.atLeast("recordcount", records, 1);
        }
        long recordCount = records == 0 ? Integer.MAX_VALUE : records;
        checkZipfianConstant(p);
        long insertStart = p.number("insertstart", 0);
        CoreConfig c = new CoreConfig(p.string("table", "usertable"), p.integer("fieldcount", 10),
                p.string("fieldnameprefix", "field"), p.integer("fieldlength", 100), p.integer("minfieldlength", 1),
                p.choice("fieldlengthdistribution", "constant", List.of("constant", "uniform", "zipfian")),
                recordCount, p.number("operationcount", 0), insertStart,
                p.number("insertcount", recordCount - insertStart), p.integer("zeropadding", 1),
                p.bool("readallfields", true), p.bool("writeallfields", false), p.bool("dataintegrity", false),
                p.choice("insertorder", "hashed", List.of("hashed", "ordered")).equals("ordered"), p.decimal("readproportion", 0.95),
                p.decimal("updateproportion", 0.05), p.decimal("insertproportion", 0), p.decimal("scanproportion", 0),
                p.decimal("readmodifywriteproportion", 0),
                p.choice("requestdistribution", "uniform", REQUEST_DISTRIBUTIONS), p.integer("minscanlength", 1),
                p.integer("maxscanlength", 1000), p.choice("scanlengthdistribution", "uniform", List.of("uniform", "zipfian")),
                p.decimal("hotspotdatafraction", 0.2), p.decimal("hotspotopnfraction", 0.8),
                p.decimal("exponential.percentile", 95), p.decimal("exponential.frac", 0.8571428571),
                p.number("maxexecutiontime", 0), p.number("status.interval", 10), p.integer("threadcount", 1),
                p.decimal("target", 0));
        return c.validate();
    }

    private CoreConfig validate() {
        Require.between("fieldcount", fieldCount, 1, MAX_FIELD_COUNT);
        Require.atLeast("fieldlength", fieldLength, 1);
        Require.between("minfieldlength", minFieldLength, 1, fieldLength);
        Require.atLeast("recordcount", recordCount, 1);
        Require.atLeast("operationcount", operationCount, 0);
        Require.atLeast("insertstart", insertStart, 0);
        Require.atLeast("insertcount", insertCount, 1);
        Require.that(recordCount >= insertStart + insertCount, "recordcount (" + recordCount
                + ") must be at least insertstart + insertcount (" + insertStart + " + " + insertCount + ")");
        Require.between("zeropadding", zeroPadding, 1, 64);
        Require.that(!dataIntegrity || fieldLengthDistribution.equals("constant"),
                "dataintegrity=true needs fieldlengthdistribution=constant (values are checked by length)");
        for (String key : List.of("readproportion", "updateproportion", "insertproportion", "scanproportion",
                "readmodifywriteproportion")) {
            Require.notNegative(key, proportion(key));
        }
        Require.that(readProportion + updateProportion + insertProportion + scanProportion + readModifyWriteProportion > 0,
                "readproportion, updateproportion, insertproportion, scanproportion and readmodifywriteproportion are all 0");
        Require.between("minscanlength", minScanLength, 1, Integer.MAX_VALUE);
        Require.between("maxscanlength", maxScanLength, minScanLength, Integer.MAX_VALUE);
        fraction("hotspotdatafraction", hotspotDataFraction);
        fraction("hotspotopnfraction", hotspotOpnFraction);
        Require.that(exponentialPercentile > 0 && exponentialPercentile < 100,
                "exponential.percentile must be between 0 and 100, got " + exponentialPercentile);
        Require.that(exponentialFrac > 0, "exponential.frac must be > 0, got " + exponentialFrac);
        Require.atLeast("maxexecutiontime", maxExecutionSeconds, 0);
        Require.atLeast("status.interval", statusIntervalSeconds, 1);
        Require.between("threadcount", threadCount, 1, YcsbSettings.MAX_THREADS);
        Require.notNegative("target", target);
        return this;
    }

    /**
     * YCSB's zipfian constant is fixed at 0.99 (its ScrambledZipfianGenerator precomputes zeta for it), and so
     * is ours: any other value would be silently ignored, and 0, 1, NaN or 1e308 mean nothing anyway.
     */
    private static void checkZipfianConstant(PropertyReader p) {
        if (p.has(ZIPFIAN_CONSTANT)) {
            double c = p.decimal(ZIPFIAN_CONSTANT, Zipfian.THETA);
            Require.that(c == Zipfian.THETA, ZIPFIAN_CONSTANT + " must be " + Zipfian.THETA + ", YCSB's zipfian constant "
                    + "and the only one built in, got " + p.string(ZIPFIAN_CONSTANT, ""));
        }
    }

    private static void fraction(String key, double value) {
        Require.that(value >= 0 && value <= 1, key + " must be between 0 and 1, got " + value);
    }

    private double proportion(String key) {
        return switch (key) {
            case "readproportion" -> readProportion;
            case "updateproportion" -> updateProportion;
            case "insertproportion" -> insertProportion;
            case "scanproportion" -> scanProportion;
            default -> readModifyWriteProportion;
        };
    }

    /** The column or field name of field i: {@code field0}, ... */
    public String fieldName(int i) {
        return fieldNamePrefix + i;
    }

    /**
     * The zipfian key space's last record number: the loaded range plus YCSB's guess at the run's new
     * keys (2 x operationcount x insertproportion), so inserted keys get drawn too.
     */
    long zipfianMax() {
        long expectedNewKeys = (long) (operationCount * insertProportion * 2.0);
        return insertStart + insertCount + expectedNewKeys;
    }
}
