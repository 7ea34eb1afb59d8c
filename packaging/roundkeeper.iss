; Inno Setup 6 script of Roundkeeper's Windows installer: it installs the PyInstaller
; bundle (packaging/dist/Roundkeeper) for the current user, with a Start menu entry, an
; optional desktop icon and an uninstaller; no administrator rights needed.
; Built by `python packaging/build.py --package` on Windows, which runs
;   iscc /DAppVersion=… /DSourceDir=… /DOutputDir=… /DOutputName=… roundkeeper.iss
; (packaging/platforms.py `wrapping` chooses the values; the release workflow runs it).

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "dist\Roundkeeper"
#endif
#ifndef OutputDir
  #define OutputDir "dist"
#endif
#ifndef OutputName
  #define OutputName "Roundkeeper-setup"
#endif

[Setup]
AppId=io.github.roundkeeper.Roundkeeper
AppName=Roundkeeper
AppVersion={#AppVersion}
AppVerName=Roundkeeper {#AppVersion}
AppPublisher=The Roundkeeper authors
AppCopyright=Copyright (c) 2026 The Roundkeeper authors (MIT licence)
DefaultDirName={autopf}\Roundkeeper
DefaultGroupName=Roundkeeper
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
LicenseFile={#SourceDir}\LICENSE
OutputDir={#OutputDir}
OutputBaseFilename={#OutputName}
SetupIconFile=roundkeeper.ico
UninstallDisplayIcon={app}\Roundkeeper.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Roundkeeper"; Filename: "{app}\Roundkeeper.exe"
Name: "{autodesktop}\Roundkeeper"; Filename: "{app}\Roundkeeper.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\Roundkeeper.exe"; Description: "{cm:LaunchProgram,Roundkeeper}"; Flags: nowait postinstall skipifsilent
