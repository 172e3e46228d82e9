#!/bin/bash
read -n5 FOO
echo "foo=($FOO)"
