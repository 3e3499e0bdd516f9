# The engine-floor driver (docs/engine-floors/README.md): wrk against nginx and the engines, paired rounds.
import subprocess, time, sys, os, re, signal, statistics, json
def wrk(url, c, script=None, d=3):
    args = ['wrk','-t',str(min(2,c)),'-c',str(c),'-d',f'{d}s','--latency']
    if script: args += ['-s', script]
    out = subprocess.run(args+[url], capture_output=True, text=True).stdout
    rate = float(re.search(r'Requests/sec:\s+([\d.]+)', out).group(1))
    def lat(p):
        m = re.search(r'\s'+p+r'%\s+([\d.]+)(us|ms|s)', out)
        v=float(m.group(1)); return v*{'us':1e-3,'ms':1,'s':1e3}[m.group(2)]
    err = 'Non-2xx' in out or 'Socket errors' in out
    return rate, lat('99'), err
def cpu(pids):
    t = 0
    for p in pids:
        try:
            f = open(f'/proc/{p}/stat').read().rsplit(')',1)[1].split()
            t += int(f[11]) + int(f[12])
        except Exception: pass
    return t / 100.0
def tree(pid):
    out = [pid]
    try:
        for c in open(f'/proc/{pid}/task/{pid}/children').read().split(): out += tree(int(c))
    except Exception: pass
    return out
def wrkcpu(pid, url, c, script=None):
    pids = tree(pid); a = cpu(pids); r = wrk(url, c, script); b = cpu(pids)
    return r + ((b - a) / (r[0] * 3) * 1e6,)
def start(cmd):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); time.sleep(0.5); return p
engines = json.loads(sys.argv[1])  # name -> [cmd, port]
rounds = int(sys.argv[2]) if len(sys.argv)>2 else 3
ng = start(['nginx','-p','./nginx/','-c','./nginx/nginx.conf'])
procs = {n: start(cmd) for n,(cmd,port) in engines.items()}
res = {}
try:
  for r in range(rounds):
    for c in [1,16,64]:
        nr = wrkcpu(ng.pid, 'http://127.0.0.1:18080/small', c)
        res.setdefault(('nginx',c),[]).append(nr)
        for n,(cmd,port) in engines.items():
            for kind,script in [('304','get304.lua'),('post','post.lua')]:
                x = wrkcpu(procs[n].pid, f'http://127.0.0.1:{port}/v1/x', c, script)
                res.setdefault((n+' '+kind,c),[]).append((x[0]/nr[0], x[1]/nr[1], x[0], x[1], x[2], x[3], x[3]/nr[3]))
    print('round', r, 'load', open('/proc/loadavg').read().split()[:3], flush=True)
finally:
  ng.send_signal(signal.SIGQUIT); [p.kill() for p in procs.values()]
for key in sorted(res, key=lambda k:(k[0],k[1])):
    v = res[key]
    if key[0]=='nginx': print(f'{key[0]:24} c={key[1]:3} rate median {statistics.median([x[0] for x in v]):9.0f} p99 {statistics.median([x[1] for x in v]):.2f}ms cpu/req {statistics.median([x[3] for x in v]):.1f}us')
    else: print(f'{key[0]:24} c={key[1]:3} ratio median {statistics.median([x[0] for x in v]):.2f}x ({",".join(f"{x[0]:.2f}" for x in v)}) rate {statistics.median([x[2] for x in v]):9.0f} p99 {statistics.median([x[3] for x in v]):.2f}ms p99ratio {statistics.median([x[1] for x in v]):.2f} err {any(x[4] for x in v)} cpu/req {statistics.median([x[5] for x in v]):.1f}us ({statistics.median([x[6] for x in v]):.2f}x nginx)')
