package early

import "github.com/kval-dev/kval/cmd/kval/internal/startgc"

func init() { startgc.Set(startgc.LessPercent) }
