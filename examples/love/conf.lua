-- LÖVE's settings for the photo wall: a resizable window, no sound (the app makes none, and a
-- test machine may have no audio device).
function love.conf(t)
  t.identity = "gridlayout-photo-wall"
  t.version = "11.4"
  t.window.title = "gridlayout photo wall"
  t.window.width = 1024
  t.window.height = 720
  t.window.resizable = true
  t.window.minwidth = 320
  t.window.minheight = 240
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
