#!/bin/sh
echo "$@"
test "$1" = "one"
