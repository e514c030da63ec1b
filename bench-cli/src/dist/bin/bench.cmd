@rem bench launcher for Windows: finds a Java 17 or newer (JAVA_HOME, then PATH) and runs lib\bench.jar.
@rem   JAVA_OPTS   JVM options for any Java program here;  BENCH_OPTS  JVM options for bench only.
@echo off
setlocal
set "BENCH_HOME=%~dp0.."
set "JAR=%BENCH_HOME%\lib\bench.jar"

if defined JAVA_HOME (
  set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
  set "FOUND=JAVA_HOME=%JAVA_HOME%"
) else (
  set "JAVA_EXE=java.exe"
  set "FOUND=java on PATH"
)
if defined JAVA_HOME if not exist "%JAVA_EXE%" (
  echo bench: JAVA_HOME=%JAVA_HOME% has no bin\java.exe; set JAVA_HOME to a Java 17 or newer 1>&2
  exit /b 1
)
if not defined JAVA_HOME (
  where java.exe >nul 2>&1 || (
    echo bench: needs Java 17 or newer, found none: JAVA_HOME is unset and there is no java on PATH 1>&2
    exit /b 1
  )
)

rem The major version from "java -version": "17.0.2" gives 17, "1.8.0_392" gives 1 (too old either way).
set "MAJOR="
for /f "tokens=3" %%v in ('"%JAVA_EXE%" -version 2^>^&1 ^| findstr /i "version"') do (
  for /f "delims=.-+ tokens=1" %%m in ("%%~v") do set "MAJOR=%%m"
)
if not defined MAJOR set "MAJOR=0"
if %MAJOR% LSS 17 (
  echo bench: needs Java 17 or newer, found version %MAJOR% at %FOUND%; set JAVA_HOME to a Java 17+ 1>&2
  exit /b 1
)

"%JAVA_EXE%" %JAVA_OPTS% %BENCH_OPTS% -jar "%JAR%" %*
exit /b %ERRORLEVEL%
