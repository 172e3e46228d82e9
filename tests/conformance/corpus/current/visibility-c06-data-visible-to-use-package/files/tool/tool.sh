#!/bin/sh
echo Hello > $2
cat $1 >> $2
