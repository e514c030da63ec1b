package dev.bench.workloads.ycsb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bench.core.memcached.MemcachedTarget;

/**
 * What the memcached binding's connections share, whichever client they use: a record is the item {@code <table>-<key>}
 * holding a JSON object of its fields, on its key's server.
 */
abstract class MemcachedRecords implements YcsbStore.Connection {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final MemcachedTarget target;
    private final CoreConfig config;

    MemcachedRecords(MemcachedTarget target, CoreConfig config) {
        this.target = target;
        this.config = config;
    }

    static String item(CoreConfig config, String key) {
        return config.table() + "-" + key;
    }

    String item(String key) {
        return item(config, key);
    }

    /** Each op counts against its key's server ({@code Batch.servedBy}). */
    @Override
    public boolean hostPerKey() {
        return target.serverCount() > 1;
    }

    @Override
    public int hostOf(String key) {
        return target.hostOf(item(key));
    }

    @Override
    public int scan(String startKey, int count, int field) {
        throw new UnsupportedOperationException("memcached has no scans");
    }

    /** @return false for a null item (none there) */
    boolean fields(Object item, int field, String[] values) throws Exception {
        if (item == null) {
            return false;
        }
        JsonNode fields = JSON.readTree((String) item);
        for (int i = 0; i < values.length; i++) {
            JsonNode v = field < 0 || field == i ? fields.get(config.fieldName(i)) : null;
            values[i] = v == null ? null : v.asText();
        }
        return true;
    }

    String json(String[] values) {
        ObjectNode record = JSON.createObjectNode();
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                record.put(config.fieldName(i), values[i]);
            }
        }
        return record.toString();
    }
}
