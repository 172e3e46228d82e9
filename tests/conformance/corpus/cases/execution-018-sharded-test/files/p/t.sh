#!/bin/sh
echo "shard $TEST_SHARD_INDEX of $TEST_TOTAL_SHARDS status=$TEST_SHARD_STATUS_FILE"
[ "$TEST_SHARD_INDEX" = 1 ] && exit 1
exit 0
