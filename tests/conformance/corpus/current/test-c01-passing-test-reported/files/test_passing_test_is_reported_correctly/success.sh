#!/bin/sh

echo "success.sh is successful"
exit 0
