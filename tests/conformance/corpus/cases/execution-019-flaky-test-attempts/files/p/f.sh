#!/bin/sh
echo attempt
exit 1
