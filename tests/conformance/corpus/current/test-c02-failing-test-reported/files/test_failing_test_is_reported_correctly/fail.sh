#!/bin/sh

echo "fail.sh is failing"
exit 42
