package main

import "strings"

var stringPool = []string{
	"", "a", "abc", "A", "-a", "a-", "a.b", "a_b", "a/b", "a b", "Abc", "1", "0", "-1",
	"foo.example.com", "example.com/foo", "kubernetes.io/x", "k8s.io/y", "x.k8s.io/z",
	"1.2.3.4", "::1", "10.0.0.0/8", "fe80::1%eth0", "300.1.1.1", "01.2.3.4",
	"0a1b2c3d-0000-4000-8000-000000000000", "not-a-uuid", "Always", "Never", "IfNotPresent",
	"TCP", "UDP", "SCTP", "Exists", "Equal", "NoSchedule", "NoExecute", "Limited", "Exempt", "Queue", "Reject",
	"True", "False", "Unknown", "Ready", "v1", "apps/v1", "Pod", "*", "ä", "\x00",
	strings.Repeat("x", 63), strings.Repeat("x", 64), strings.Repeat("a", 253), strings.Repeat("a", 254),
	strings.Repeat("a.", 40) + "a", strings.Repeat("y", 1025),
}

var intPool = []int64{0, 1, -1, 2, 3, 5, 10, 100, 1000, 65535, 65536, 1<<31 - 1, -(1 << 31), 1 << 40}

var quantityPool = []string{"0", "1", "-1", "100m", "1Gi", "2", "1k", "0.5", "1e3"}
