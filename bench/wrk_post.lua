-- bench/wrk.py's script for wrk: every request a POST of its own.
-- Arguments after wrk's "--": the run's name, the body with __N__ where each post puts its own
-- number, then the headers as "Name: value". A post's number is <run>-<thread>-<count>, so no two
-- posts of a run, nor of two runs, carry the same answers (the door would merge them).
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

local run, template, sent = "", "", 0
local headers = {}

function init(args)
  run, template = args[1], args[2]
  for i = 3, #args do
    local name, value = args[i]:match("^([^:]+):%s*(.*)$")
    headers[name] = value
  end
end

function request()
  sent = sent + 1
  local body = template:gsub("__N__", run .. "-" .. thread_number .. "-" .. sent)
  return wrk.format("POST", nil, headers, body)
end
