#!/bin/sh
sleep 3
exit 0

