-- The wrk script of BenchmarkReads (bench_test.go).
--
-- Arguments after "--": n, check ("graphql" or "status"), then one or more
-- requests as three arguments each: method, path, body ("" for none). Each
-- request sent is one of them picked at random, with every "@ID@" in its path
-- and body replaced by a random problem number from 1 to n. Responses other
-- than 200, and with check "graphql" those with "errors", are counted, and
-- done prints one line that the benchmark reads.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread", #threads)
end

function init(args)
  n = tonumber(args[1])
  graphql = args[2] == "graphql"
  requests = {}
  for i = 3, #args, 3 do
    table.insert(requests, {method = args[i], path = args[i + 1], body = args[i + 2]})
  end
  math.randomseed(os.time() * 100 + thread)
  non200, gqlerrors = 0, 0
end

function request()
  local r = requests[math.random(#requests)]
  local id = tostring(math.random(n))
  local headers, body = {}, nil
  if r.body ~= "" then
    headers["Content-Type"] = "application/json"
    body = r.body:gsub("@ID@", id)
  end
  return wrk.format(r.method, (r.path:gsub("@ID@", id)), headers, body)
end

function response(status, headers, body)
  if status ~= 200 then
    non200 = non200 + 1
  elseif graphql and body:find('"errors"', 1, true) then
    gqlerrors = gqlerrors + 1
  end
end

function done(summary, latency, requests)
  local bad, errs = 0, 0
  for _, t in ipairs(threads) do
    bad = bad + t:get("non200")
    errs = errs + t:get("gqlerrors")
  end
  local e = summary.errors
  io.write(string.format("reads-result %d %d %d %d %d %d %d\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), bad, errs, e.connect + e.read + e.write + e.timeout))
end
